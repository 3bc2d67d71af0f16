import { describe, expect, it } from 'vitest';
import { groupPhrases, linesOfPhrases } from '../../src/modules/ocr/cell-grid.js';
import { createOcrService, phraseLines } from '../../src/modules/ocr/ocr-service.js';
import { prepareImage } from '../../src/modules/ocr/prepare-image.js';
import { readFixture, SCAN_FIXTURES } from '../support/scan-fixtures.js';

const fixture = (file: string) => readFixture(SCAN_FIXTURES.find((f) => f.file === file)!);

describe('grouping the cells of a grid sheet into phrases', () => {
  it('makes each run of inked cells in a row one phrase, ended by an empty cell', () => {
    // The first rows of zh-tianzige-pinyin-flat.png (星星, 太空), a row of two phrases
    // (电脑 手机, as in zh-tianzige-dashed-phone.jpg), a row only to practise in, and a phrase
    // that runs to the row's end.
    const empty = [false, false, false, false, false, false, false, false];
    expect(
      groupPhrases([
        [true, true, false, false, false, false, false, false],
        [true, true, false, false, false, false, false, false],
        [true, true, false, true, true, false, false, false],
        empty,
        [false, false, false, false, false, true, true, true],
      ]),
    ).toEqual([
      { row: 0, first: 0, last: 1 },
      { row: 1, first: 0, last: 1 },
      { row: 2, first: 0, last: 1 },
      { row: 2, first: 3, last: 4 },
      { row: 4, first: 5, last: 7 },
    ]);
    expect(groupPhrases([empty, empty])).toEqual([]);
  });
});

describe('placing what Tesseract read in the composed image', () => {
  // Three phrases composed a line and a half of 48 px cells apart, as read-cells.ts sets them.
  const bands = [0, 1, 2].map((i) => ({ top: 24 + i * 72, bottom: 72 + i * 72 }));
  const read = (text: string, confidence: number, x0: number, y0: number, y1: number) => ({
    text,
    confidence,
    rowHeight: y1 - y0,
    box: { x0, y0, x1: x0 + 100, y1 },
    words: [],
  });

  it('gives each line to the phrase whose band holds it, joins a phrase read in two pieces, skips a phrase not read', () => {
    const lines = [read('星 星', 91, 24, 30, 66), read('森', 80, 24, 174, 210), read('林', 60, 70, 175, 209)];
    expect(linesOfPhrases(lines, bands)).toEqual([
      { phrase: 0, text: '星 星', confidence: 91 },
      { phrase: 2, text: '森 林', confidence: 70 },
    ]);
  });

  it('takes each phrase from the size that read as many characters as it has cells, then the surest; drops doubtful ones', () => {
    const phrases = bands.map((_, i) => ({
      box: { x0: 196, y0: 275 + i * 156, x1: 392, y1: 373 + i * 156 },
      characters: 2,
    }));
    // What zh-tianzige-pinyin-flat.png's rows 1 to 3 read at two sizes.
    const readings = [
      {
        lines: [read('星星', 94, 24, 30, 66), read('太空', 95, 24, 102, 138), read('花采', 46, 24, 174, 210)],
        bands,
      },
      {
        lines: [
          read('星星', 96, 24, 30, 66),
          read('和太空', 97, 24, 102, 138),
          read('花采', 42, 24, 174, 210),
        ],
        bands,
      },
    ];
    expect(phraseLines(readings, phrases).map((line) => [line.text, line.confidence, line.box])).toEqual([
      ['星星', 96, phrases[0]!.box],
      ['太空', 95, phrases[1]!.box],
      ['花采', 46, phrases[2]!.box],
    ]);
    expect(phraseLines([{ lines: [read('太空', 30, 24, 102, 138)], bands }], phrases)).toEqual([]);
  });
});

describe('reading a grid sheet by its cells', () => {
  it('finds every phrase of a 田字格 sheet, and nothing outside its cells', async () => {
    const prepared = await prepareImage(fixture('zh-tianzige-pinyin-flat.png'), undefined, {
      readCells: true,
    });
    const phrases = prepared.cells?.phrases ?? [];
    expect(phrases.map((p) => p.characters)).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 2]);
    // One above another, down the page, each two cells wide.
    for (const [i, { box }] of phrases.entries()) {
      expect(box.x1 - box.x0).toBeCloseTo(2 * (box.y1 - box.y0), -1);
      if (i > 0) expect(box.y0).toBeGreaterThan(phrases[i - 1]!.box.y1);
    }
  }, 60_000);

  it('is not tried on a sheet without cells, nor asked for in other languages', async () => {
    expect(
      (await prepareImage(fixture('zh-plain-flat.png'), undefined, { readCells: true })).cells,
    ).toBeUndefined();
    expect((await prepareImage(fixture('zh-tianzige-pinyin-flat.png'))).cells).toBeUndefined();
  }, 60_000);

  it('places each phrase read on the photo where its cells are: down the sheet, one row each', async () => {
    const ocr = createOcrService();
    try {
      const { words, lines } = await ocr.scan('Chinese', fixture('zh-tianzige-grey-phone.jpg'));
      expect(words).toEqual(['书包', '铅笔', '尺子', '作业', '老师', '同学', '教室', '黑板']);
      for (const [i, { box }] of lines.entries()) {
        // Two cells of eight in a row that starts a little in from the sheet's left edge.
        expect(box.x).toBeGreaterThan(0.1);
        expect(box.width).toBeLessThan(0.25);
        if (i > 0) expect(box.y).toBeGreaterThan(lines[i - 1]!.box.y + lines[i - 1]!.box.height / 2);
      }
    } finally {
      await ocr.close();
    }
  }, 120_000);
});
