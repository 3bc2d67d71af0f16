import { describe, expect, it } from 'vitest';
import { blankBetween } from '../../src/modules/ocr/pipeline/answer-blanks.js';
import type { ReadPart } from '../../src/modules/ocr/pipeline/read-lines.js';
import { evenLight } from '../../src/modules/ocr/pipeline/even-light.js';
import type { Strip } from '../../src/modules/ocr/pipeline/line-strips.js';
import { decode } from '../../src/modules/ocr/pipeline/recognise.js';
import { piecesAtWideGaps, spaceAtGaps, wordGaps } from '../../src/modules/ocr/pipeline/word-gaps.js';

/** A strip `width` × 48 of `paper(x)` with black ink on the columns `inked` says. */
function strip(width: number, paper: (x: number, y: number) => number, inked: (x: number) => boolean): Strip {
  const height = 48;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data[y * width + x] = inked(x) && y > 8 && y < 40 ? 20 : paper(x, y);
  return { data, width, height };
}

describe('evening a strip’s light', () => {
  it('makes paper white under glare that fades across the line, and keeps the ink black', () => {
    // Paper from 110 (shade) to 230 (glare), with a fine screen's grain of ±15 on it.
    const grain = (x: number, y: number) => ((x + y) % 3 === 0 ? 15 : -15);
    const line = strip(
      400,
      (x, y) => 110 + (120 * x) / 400 + grain(x, y),
      (x) => x % 40 < 6,
    );
    const even = evenLight(line);
    const at = (x: number, y: number) => even.data[y * even.width + x]!;
    // Paper mid-strip, in the shade and in the glare: near white.
    expect(at(20, 24)).toBeGreaterThan(200);
    expect(at(380, 24)).toBeGreaterThan(200);
    // Ink in both.
    expect(at(2, 24)).toBeLessThan(60);
    expect(at(362, 24)).toBeLessThan(60);
  });

  it('leaves a strip with no ink as it was', () => {
    const blank = strip(
      100,
      () => 200,
      () => false,
    );
    expect(evenLight(blank)).toBe(blank);
  });
});

describe('putting back the spaces between words', () => {
  // Letters 10 px wide 4 px apart; a word gap of 20 px (0.42 of the height) after column 70.
  const inked = (x: number) => (x < 70 ? x % 14 < 10 : x >= 90 && (x - 90) % 14 < 10);
  const line = strip(160, () => 240, inked);

  it('finds the gaps wider than a letter’s spacing', () => {
    expect(wordGaps(line)).toEqual([{ from: 66, to: 90 }]);
  });

  it('measures the gaps of a strip cut wider in its own widened letters', () => {
    // Letters 10 px wide 8 px apart, a word gap of 20 px after column 72, cut twice as wide.
    const spaced = (x: number) => (x < 72 ? x % 18 < 10 : x >= 92 && (x - 92) % 18 < 10);
    const wide = strip(
      320,
      () => 240,
      (x) => spaced(Math.floor(x / 2)),
    );
    expect(wordGaps({ ...wide, stretch: 2 })).toEqual([{ from: 128, to: 184 }]);
    // Measured as if level, the letters' own spacing would not be told from a word's.
    expect(wordGaps({ ...wide, stretch: 1 }).length).toBeGreaterThan(1);
  });

  it('puts a space between two characters a gap lies between, and only there', () => {
    const gaps = [{ from: 66, to: 90 }];
    expect(spaceAtGaps(['蜜', '蜂', '熊', '猫'], [20, 50, 100, 130], gaps)).toBe('蜜蜂 熊猫');
    // The model's own space is kept, not doubled.
    expect(spaceAtGaps(['a', ' ', 'b'], [50, 78, 100], gaps)).toBe('a b');
  });

  it('cuts a reading into pieces where a blank at least 0.6 line heights wide lies between characters', () => {
    // Line height 48: a blank of 47 px parts two words; one of 20 px is a sentence's space.
    const gaps = [
      { from: 60, to: 80 },
      { from: 150, to: 197 },
    ];
    const characters = [...'ab cd  ef'];
    const columns = [20, 50, 70, 90, 120, 160, 180, 210, 240];
    expect(piecesAtWideGaps(characters, columns, gaps, 48)).toEqual(['ab cd', 'ef']);
    // No wide blank inside: no pieces; a wide margin at either end is no gap between words.
    expect(piecesAtWideGaps(characters, columns, [{ from: 60, to: 80 }], 48)).toBeUndefined();
    expect(
      piecesAtWideGaps(
        characters,
        columns,
        [
          { from: 0, to: 19 },
          { from: 241, to: 300 },
        ],
        12,
      ),
    ).toBeUndefined();
  });

  it('keeps each character’s CTC step, ends trimmed', () => {
    const keys = ['', 'a', ' '];
    // Steps: space, a, blank, a: the leading space goes.
    const probabilities = new Float32Array([0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0]);
    expect(decode(probabilities, 4, 3, keys)).toMatchObject({
      text: 'aa',
      characters: ['a', 'a'],
      steps: [1, 3],
    });
  });
});

describe('an answer blank between two parts of a row', () => {
  /** A page 400 × 100: words at x 10–100 and 210–300 (rows 40–60), and `between` drawn in the gap. */
  function page(between: (x: number, y: number) => boolean) {
    const width = 400;
    const data = new Uint8Array(width * 100).fill(235);
    for (let y = 0; y < 100; y++)
      for (let x = 0; x < width; x++) {
        const word = ((x >= 10 && x < 100) || (x >= 210 && x < 300)) && y >= 40 && y < 60 && x % 8 < 4;
        if (word || (x >= 110 && x < 200 && between(x, y))) data[y * width + x] = 30;
      }
    return { data, width, height: 100, channels: 1 as const };
  }
  const part = (x0: number, x1: number): ReadPart => ({
    text: 'word',
    confidence: 99,
    least: 90,
    box: { x0, y0: 38, x1, y1: 62 },
    frame: { cx: (x0 + x1) / 2, cy: 50, angle: 0, length: x1 - x0, thickness: 24 },
  });
  const [left, right] = [part(6, 104), part(206, 304)];

  it('is a rule along the row’s lower part with nothing above it', () => {
    expect(
      blankBetween(
        page((_, y) => y >= 57 && y < 60),
        left,
        right,
      ),
    ).toBe(true);
  });

  it('is not an empty gap, nor letters the detector missed', () => {
    expect(
      blankBetween(
        page(() => false),
        left,
        right,
      ),
    ).toBe(false);
    expect(
      blankBetween(
        page((x, y) => y >= 40 && y < 60 && x % 8 < 4),
        left,
        right,
      ),
    ).toBe(false);
  });
});
