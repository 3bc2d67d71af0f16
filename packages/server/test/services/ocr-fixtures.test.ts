import { afterAll, describe, expect, it } from 'vitest';
import { OcrResultSchema } from '@spellwell/shared';
import { buildTestApp } from '../helper.js';
import { readFixture, SCAN_FIXTURES, score, TARGETS } from '../support/scan-fixtures.js';
import { multipartBody } from '../support/worksheet-images.js';

/*
 * Issue 18's targets on the committed fixture set (bench/scan-fixtures/generate.ts): phone
 * photos on a desk, word tables, dotted and underscore answer lines, 田字格/米字格, pinyin
 * above Chinese, chat screenshots, two columns, a school header and footer. Read through
 * the real route; `SCAN_FIXTURE` narrows the set while working (e.g. SCAN_FIXTURE=zh-).
 */
const { createParent } = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
const parent = await createParent();
const only = process.env.SCAN_FIXTURE;
const fixtures = SCAN_FIXTURES.filter((f) => !only || f.file.includes(only));
const report: string[] = [];

/**
 * Images that do not meet issue 18's targets yet (docs/ocr.md, "Not yet"), held at what they
 * read now so that they cannot get worse unnoticed. Remove an entry once its image meets the
 * targets. Grid sheets are read cell by cell (read-cells.ts); what is left is Tesseract
 * misreading a clean character (朵 as 采, 蜻蜓 as 晴是, 蕉 as 焦).
 */
const SHORTFALLS: Record<string, { recall: number; precision: number }> = {
  'zh-chat.png': { recall: 0.9, precision: 0.9 },
  'zh-tianzige-red-phone.jpg': { recall: 0.62, precision: 0.83 },
  'zh-mizige-blue-phone.jpg': { recall: 0.87, precision: 0.87 },
  'zh-tianzige-pinyin-flat.png': { recall: 0.77, precision: 0.77 },
  // Made after the cell-by-cell reading, as a sheet it was not tuned on (docs/ocr.md).
  'zh-mizige-orange-pinyin-flat.png': { recall: 0.75, precision: 0.9 },
  // Fourth round, made before any change for them (bench/scan-fixtures/sheets-unseen.ts): serif
  // Chinese in a blurred photo, whose many-stroke characters Tesseract misreads (鹿, 猫, 雀, 鹅).
  'zh-list-pinyin-phone.jpg': { recall: 0.6, precision: 0.6 },
  // Made after the fourth round's fixes, as a check on them: 苹果 and 葡萄 misread at the size
  // the second pass picks for a chat's Chinese (docs/ocr.md).
  'zh-chat-dark.png': { recall: 0.8, precision: 0.8 },
};

afterAll(() => console.info(`\nScan fixtures: recall / precision per image\n${report.join('\n')}`));

describe('scanning the worksheets parents really send', () => {
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
      const target = SHORTFALLS[fixture.file] ?? TARGETS[fixture.kind];
      expect(s.recall).toBeGreaterThanOrEqual(target.recall);
      expect(s.precision).toBeGreaterThanOrEqual(target.precision);
    },
    180_000,
  );
});
