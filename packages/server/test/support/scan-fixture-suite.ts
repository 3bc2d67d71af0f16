import { afterAll, describe, expect, it } from 'vitest';
import { OcrResultSchema } from '@spellwell/shared';
import { buildTestApp } from '../helper.js';
import { readFixture, SCAN_FIXTURES, score, TARGETS, type ScanFixture } from './scan-fixtures.js';
import { multipartBody } from './worksheet-images.js';

/*
 * Issue 18's targets on the committed fixture set (bench/scan-fixtures/generate.ts): phone
 * photos on a desk, word tables, dotted and underscore answer lines, 田字格/米字格, pinyin
 * above Chinese, chat screenshots, two columns, a school header and footer. Read through
 * the real route; `SCAN_FIXTURE` narrows the set while working (e.g. SCAN_FIXTURE=zh-).
 *
 * The 68 scans are shared out among a few files (services/ocr-fixtures-*.test.ts) so that test
 * workers read them side by side: in one file they were the unit run's longest path.
 */
export async function describeScanFixtures(part: string, include: (fixture: ScanFixture) => boolean) {
  const { createParent } = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
  const parent = await createParent();
  const only = process.env.SCAN_FIXTURE;
  const fixtures = SCAN_FIXTURES.filter((f) => include(f) && (!only || f.file.includes(only)));
  const report: string[] = [];

  afterAll(() =>
    console.info(`\nScan fixtures (${part}): recall / precision per image\n${report.join('\n')}`),
  );

  describe(`scanning the worksheets parents really send: ${part}`, () => {
    it.each(fixtures.map((f) => ({ ...f, name: `${f.file} (${f.description})` })))(
      'reads $name',
      async (fixture) => {
        const body = await multipartBody(
          { parentId: parent.id, language: fixture.language },
          {
            bytes: readFixture(fixture),
            name: fixture.file,
            type: fixture.file.endsWith('.jpg') ? 'image/jpeg' : 'image/png',
          },
        );
        const res = await parent.inject({ method: 'POST', url: '/api/official-wordset/ocr', ...body });
        expect(res.statusCode).toBe(200);
        const result = OcrResultSchema.parse(res.json());
        const found = result.text === '' ? [] : result.text.split('\n');
        // Every entry comes with its confidence and a place on the photo, in the same order.
        expect(result.lines?.map((line) => line.text)).toEqual(found);
        const s = score(fixture.words, found);
        report.push(
          `${fixture.file.padEnd(26)} recall ${Math.round(s.recall * 100)}% precision ${Math.round(s.precision * 100)}%` +
            ` missed ${JSON.stringify(s.missed)} extra ${JSON.stringify(s.extra)}`,
        );
        const target = TARGETS[fixture.kind];
        expect(s.recall).toBeGreaterThanOrEqual(target.recall);
        expect(s.precision).toBeGreaterThanOrEqual(target.precision);
      },
      180_000,
    );
  });
}

/** Chinese fixtures written in 田字格 or 米字格 cells, and the rest. */
export const inCells = (fixture: ScanFixture) => /tianzige|mizige/.test(fixture.file);
