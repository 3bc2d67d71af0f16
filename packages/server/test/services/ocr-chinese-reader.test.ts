import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ChineseReader, withMarker } from '../../src/modules/ocr/chinese-reader.js';
import { decode } from '../../src/modules/ocr/pipeline/recognise.js';
import { ModelSessions } from '../../src/modules/ocr/pipeline/onnx-models.js';
import type { OcrLine } from '../../src/modules/ocr/worker-lane.js';

/*
 * The PaddleOCR model that reads Chinese a second time (chinese-reader.ts), on a real image:
 * the phrases of a 田字格 sheet as the scan composes them for reading (made by prepareImage
 * from scans/zh-tianzige-pinyin-flat.png), with the lines, boxes and misreadings Tesseract
 * gave for it.
 */
const composed = readFileSync(new URL('../fixtures/scans/parts/zh-phrases-in-cells.png', import.meta.url));

type Box = OcrLine['box'];
const box = (x0: number, y0: number, x1: number, y1: number): Box => ({ x0, y0, x1, y1 });
function line(words: [string, number, Box][]): OcrLine {
  const text = words.map(([t]) => t).join(' ');
  const confidence = words.reduce((sum, [, c]) => sum + c, 0) / words.length;
  const boxes = words.map(([, , b]) => b);
  return {
    text,
    confidence,
    rowHeight: 31,
    box: box(
      Math.min(...boxes.map((b) => b.x0)),
      Math.min(...boxes.map((b) => b.y0)),
      Math.max(...boxes.map((b) => b.x1)),
      Math.max(...boxes.map((b) => b.y1)),
    ),
    words: words.map(([t, c, b]) => ({ text: t, confidence: c, box: b })),
  };
}

const tesseractRead = [
  line([['星星', 94, box(24, 35, 89, 64)]]),
  line([
    ['花', 87, box(24, 466, 92, 497)],
    ['采', 4, box(65, 462, 94, 511)],
  ]),
  line([
    ['晴', 88, box(24, 610, 92, 641)],
    ['星', 0, box(69, 606, 94, 655)],
  ]),
];

const models = new ModelSessions(60_000);
const reader = new ChineseReader(models);
afterAll(() => models.close());

describe('reading Chinese a second time', () => {
  it('reads the many-stroke characters Tesseract misread, with the model’s confidence', async () => {
    const lines = await reader.reread(composed, tesseractRead);
    expect(lines.map((l) => l.text)).toEqual(['星星', '花朵', '蜻蜓']);
    for (const l of lines) expect(l.confidence).toBeGreaterThan(90);
    // Each line keeps its place and its row height (the scan measures print size with it).
    expect(lines.map((l) => l.box)).toEqual(tesseractRead.map((l) => l.box));
    expect(lines.map((l) => l.rowHeight)).toEqual([31, 31, 31]);
  });

  it('leaves a page with no Chinese as Tesseract read it, without starting the model', async () => {
    const idleModels = new ModelSessions(60_000);
    const idle = new ChineseReader(idleModels);
    const pinyin = [line([['hua', 80, box(24, 466, 60, 497)]])];
    expect(await idle.reread(composed, pinyin)).toEqual(pinyin);
    expect(idleModels.running()).toEqual([]);
  });

  it('keeps Tesseract’s reading of a part the model does not read as Chinese', async () => {
    // A blank strip of the image: the model reads nothing there.
    const blank = line([['中', 30, box(100, 0, 116, 20)]]);
    expect(await reader.reread(composed, [blank])).toEqual([blank]);
  });

  it('gives its model back when the shared sessions close', async () => {
    const closingModels = new ModelSessions(60_000);
    await new ChineseReader(closingModels).reread(composed, [tesseractRead[1]!]);
    expect(closingModels.running()).toEqual(['recognise']);
    await closingModels.close();
    expect(closingModels.running()).toEqual([]);
  });
});

describe('decoding the model’s output (CTC)', () => {
  const keys = ['', '花', '朵', ' '];
  /** One row of class probabilities per step, the likeliest class given. */
  function steps(classes: number[], p = 0.9): Float32Array {
    const out = new Float32Array(classes.length * keys.length).fill((1 - p) / (keys.length - 1));
    classes.forEach((c, i) => (out[i * keys.length + c] = p));
    return out;
  }

  it('merges repeats, drops blanks and averages the chosen probabilities', () => {
    const reading = decode(steps([0, 1, 1, 0, 2, 2, 0]), 7, keys.length, keys);
    expect(reading.text).toBe('花朵');
    expect(reading.confidence).toBeCloseTo(90, 5);
  });

  it('keeps a character written twice when a blank separates the two', () => {
    expect(decode(steps([1, 0, 1]), 3, keys.length, keys).text).toBe('花花');
  });

  it('reads nothing, with no confidence and no least sure character, from blanks only', () => {
    expect(decode(steps([0, 0, 0]), 3, keys.length, keys)).toMatchObject({
      text: '',
      confidence: 0,
      least: 0,
    });
  });
});

describe('the list number of a reread entry', () => {
  it('is the model’s when it read one', () => {
    expect(withMarker('②起床', 'O@O) 起 床')).toBe('②起床');
    expect(withMarker('3、月饼', '3、 月 饼')).toBe('3、月饼');
    expect(withMarker('(二)春天', '(二) 春 天')).toBe('(二)春天');
  });

  it('is Tesseract’s misreading of it when the model lost it', () => {
    expect(withMarker('上学', 'GO 上 学')).toBe('GO 上学');
    expect(withMarker('9写字', '@ 写字')).toBe('@ 写字');
  });

  it('is nothing when neither read one', () => {
    expect(withMarker('香蕉', '和 理 楷')).toBe('香蕉');
    expect(withMarker('早上', '中 早上')).toBe('早上');
  });
});
