import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { TextBox } from '../../src/modules/ocr/pipeline/detect-text.js';
import { ModelSessions } from '../../src/modules/ocr/pipeline/onnx-models.js';
import { liesOnItsSide, orient, quarterTurn } from '../../src/modules/ocr/pipeline/orient.js';
import { unturn } from '../../src/modules/ocr/prepare-image.js';
import { readFixture, SCAN_FIXTURES } from '../support/scan-fixtures.js';

const models = new ModelSessions(60_000);
afterAll(() => models.close());

const box = (x0: number, y0: number, x1: number, y1: number): TextBox => ({ x0, y0, x1, y1, score: 0.9 });

describe('whether a page lies on its side', () => {
  it('is told by which way its long text boxes run', () => {
    const across = [box(10, 10, 200, 40), box(10, 60, 150, 90), box(10, 110, 30, 130)];
    expect(liesOnItsSide(across)).toBe(false);
    expect(liesOnItsSide(across.map((b) => quarterTurn(b, 400)))).toBe(true);
  });

  it('is told by each line’s own direction on a page photographed at a slant', () => {
    // Lines 300 long and 20 thick, tilted: their axis-aligned boxes are nearly square.
    const tilted = (angle: number): TextBox => ({
      ...box(0, 0, 230, 210),
      line: { cx: 115, cy: 105, angle, length: 300, thickness: 20 },
    });
    expect(liesOnItsSide([tilted(0.7), tilted(0.6)])).toBe(false);
    expect(liesOnItsSide([tilted(0.9), tilted(-1.2)])).toBe(true);
  });

  it('counted one vote a line, is not told by one long region among many short rows', () => {
    // A column of numbers merged into one region down the page, beside three rows.
    const rows = [box(40, 10, 100, 30), box(40, 40, 100, 60), box(40, 70, 100, 90)];
    const merged = [...rows, box(10, 10, 30, 400)];
    expect(liesOnItsSide(merged)).toBe(true);
    expect(liesOnItsSide(merged, 'count')).toBe(false);
  });

  it('is not judged from boxes about as tall as wide (single characters, numbers)', () => {
    expect(liesOnItsSide([box(0, 0, 30, 40), box(50, 0, 80, 45), box(0, 60, 30, 100)])).toBe(false);
  });
});

describe('a quarter turn of a box and back to the photo', () => {
  it('moves a box where turning the image moves its pixels', () => {
    // An image 400 wide and 300 tall turned clockwise is 300 wide and 400 tall.
    expect(quarterTurn(box(10, 20, 110, 50), 300)).toEqual(box(250, 10, 280, 110));
  });

  it('takes each turn back to the unturned photo', () => {
    // The top-left corner of the upright page, for each turn given to the photo.
    expect(unturn(0, 0.1, 0.2)).toEqual({ x: 0.1, y: 0.2 });
    expect(unturn(90, 0.1, 0.2)).toEqual({ x: 0.2, y: 0.9 });
    expect(unturn(180, 0.1, 0.2)).toEqual({ x: 0.9, y: 0.8 });
    expect(unturn(270, 0.1, 0.2)).toEqual({ x: 0.8, y: 0.1 });
  });
});

const bluePage = readFileSync(
  new URL('../fixtures/read-lines/zh-handwriting-blue-rules.jpg', import.meta.url),
);

/** A photo as the parent saw it, turned clockwise `degrees`, as raw pixels at most 960 long. */
async function turnedCopy(file: string | Buffer, degrees: number) {
  const bytes = typeof file === 'string' ? readFixture(SCAN_FIXTURES.find((f) => f.file === file)!) : file;
  const upright = await sharp(bytes).rotate().toBuffer();
  const { data, info } = await sharp(upright)
    .rotate(degrees)
    .resize({ width: 960, height: 960, fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 as const };
}

describe('turning a photo upright (detector and direction classifier)', () => {
  it.each([
    ['en-phone-12mp-exif.jpg', 'an English sheet on a desk'],
    ['zh-chat.png', 'a Chinese chat screenshot'],
    ['ta-dotted-phone.jpg', 'a Tamil sheet'],
    ['zh-mizige-phone.jpg', 'a 米字格 sheet'],
    ['zh-mizige-green-phone.jpg', 'a green 米字格 sheet, where the classifier is unsure'],
  ])(
    'finds the turn that undoes each quarter turn of %s (%s)',
    async (file) => {
      const found: number[] = [];
      for (const degrees of [0, 90, 180, 270])
        found.push((await orient(models, await turnedCopy(file, degrees))).rotation);
      expect(found).toEqual([0, 270, 180, 90]);
    },
    120_000,
  );
});

describe('a page whose ink is the colour of its rules', () => {
  it('is not turned on its side when the colour copy merges its rows (blue ink on blue rules)', async () => {
    // On the colour copy the detector finds a few blocks and a column of numbers running down;
    // the grey copy finds its thirteen rows. Turned a quarter, both copies lose the rows, and
    // that turn is left as it was (docs/history/ocr-round-25.md).
    const found: number[] = [];
    for (const degrees of [0, 90, 180])
      found.push((await orient(models, await turnedCopy(bluePage, degrees))).rotation);
    expect(found).toEqual([0, 270, 180]);
  }, 120_000);
});
