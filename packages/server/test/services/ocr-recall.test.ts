import { afterAll, describe, expect, it } from 'vitest';
import { normaliseWord, type Language } from '@spellwell/shared';
import { buildTestApp } from '../helper.js';
import { multipartBody, renderWorksheet, SAMPLE_WORD_LISTS as LISTS } from '../support/worksheet-images.js';

const RECALL_MIN = { clean: 0.95, photo: 0.85 } as const;

const { createParent } = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
const parent = await createParent();
const report: string[] = [];

afterAll(() => {
  console.info(`\nOCR word recall through POST /api/official-wordset/ocr\n${report.join('\n')}`);
});

async function scan(image: Buffer, language: Language, photo: boolean) {
  const body = await multipartBody(
    { parentId: parent.id, language },
    {
      bytes: image,
      name: photo ? 'worksheet.jpg' : 'worksheet.png',
      type: photo ? 'image/jpeg' : 'image/png',
    },
  );
  return parent.inject({ method: 'POST', url: '/api/official-wordset/ocr', ...body });
}

describe.each(Object.keys(LISTS) as Language[])('scanning a %s spelling sheet', (language) => {
  const words = LISTS[language];

  it.each([
    { kind: 'clean', photo: false },
    { kind: 'photo', photo: true },
  ] as const)(
    'reads the words of a $kind sheet, one per line, without the title or the form line',
    async ({ kind, photo }) => {
      const image = await renderWorksheet({ words, language, photo });
      const res = await scan(image, language, photo);
      expect(res.statusCode).toBe(200);
      const lines = (res.json() as { text: string }).text.split('\n');
      const found = words.filter((word) => lines.includes(normaliseWord(word)));
      const extra = lines.filter((line) => !words.includes(line));
      const recall = found.length / words.length;
      report.push(
        `${language.padEnd(8)} ${kind.padEnd(6)} recall ${(recall * 100).toFixed(0).padStart(3)}% ` +
          `(${found.length}/${words.length}), extra lines: ${JSON.stringify(extra)}`,
      );
      expect(recall).toBeGreaterThanOrEqual(RECALL_MIN[kind]);
      // The heading and "Name / Class / Date" lines are not words to practise.
      expect(lines.some((line) => /Name|Nama|姓名|பெயர்|Spelling|Ejaan|听写/u.test(line))).toBe(false);
    },
    180_000,
  );
});
