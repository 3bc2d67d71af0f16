import { describe, expect, it } from 'vitest';
import { crossedOut, lineThrough, scribbledOver } from '../../src/modules/marking/crossed-out.js';
import { inkBox } from '../../src/modules/marking/cut-boxes.js';
import { cutWith } from '../support/ink-cuts.js';

/**
 * A short word at 8 px/mm: four "letters" (two stems and a cap, 3 mm wide, 6 mm high) with
 * 1 mm of paper between them. At 15 mm it is narrower than three times its height, so only an
 * unbroken straight stroke can show a line through it.
 */
const LETTERS: [number, number, number, number][] = [0, 1, 2, 3].flatMap((i) => {
  const x = 20 + i * 32;
  return [
    [x, 20, 4, 48],
    [x + 20, 20, 4, 48],
    [x, 20, 24, 4],
  ] as [number, number, number, number][];
});

describe('a crossed-out answer on a line', () => {
  it('takes a line through the first half of a short word for crossed out', () => {
    // From the word's start to past its middle (a quick line through two of four letters).
    const cut = cutWith(200, 90, [...LETTERS, [16, 44, 96, 4]]);
    expect(crossedOut(cut, inkBox(cut)!, true)).toBe(true);
  });

  it('takes the same line, sloped, for crossed out', () => {
    const sloped: [number, number, number, number][] = Array.from({ length: 96 }, (_, i) => [
      16 + i,
      40 + Math.round(i * 0.06),
      1,
      4,
    ]);
    const cut = cutWith(200, 90, [...LETTERS, ...sloped]);
    expect(crossedOut(cut, inkBox(cut)!, true)).toBe(true);
  });

  it("leaves the word alone, and a letter's own bar across it", () => {
    const plain = cutWith(200, 90, LETTERS);
    expect(crossedOut(plain, inkBox(plain)!, true)).toBe(false);
    // A t's bar or an e's: one letter wide, with paper before the next letter.
    const barred = cutWith(200, 90, [...LETTERS, [52, 44, 24, 4]]);
    expect(crossedOut(barred, inkBox(barred)!, true)).toBe(false);
  });
});

/**
 * A pencil zigzag (0.5 mm wide) from `x0` to `x1` between rows `top` and `bottom`, a turn every
 * 1.5 mm: the evaluation's scribble, drawn as small squares along each stroke.
 */
function zigzag(x0: number, x1: number, top: number, bottom: number): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  const step = 12;
  for (let x = x0, up = true; x < x1; x += step, up = !up)
    for (let i = 0; i < step; i++) {
      const t = i / step;
      out.push([x + i, Math.round(up ? bottom + (top - bottom) * t : top + (bottom - top) * t), 4, 4]);
    }
  return out;
}

describe('a scribble over a word on a line', () => {
  it('takes a zigzag joining every letter, within their height, for scribbled out', () => {
    const cut = cutWith(200, 90, [...LETTERS, ...zigzag(16, 140, 22, 62)]);
    const box = inkBox(cut)!;
    // Neither the density check nor a straight line catches it: the zigzag stays in the word.
    expect(box.count / ((box.x1 - box.x0) * (box.y1 - box.y0))).toBeLessThan(0.5);
    expect(lineThrough(cut, box)).toBe(false);
    expect(scribbledOver(cut, box)).toBe(true);
    // One piece is what a joined hand shows too: such a word is read, under a wider margin.
    expect(crossedOut(cut, box, true)).toBe(false);
  });

  it('leaves printed letters, and a short word joined up, alone', () => {
    const plain = cutWith(200, 90, LETTERS);
    expect(scribbledOver(plain, inkBox(plain)!)).toBe(false);
    // Two letters and a join, 7 mm wide: narrower than a scribbled word.
    const joined = cutWith(200, 90, [...LETTERS.slice(0, 6), [40, 60, 16, 4]]);
    const box = inkBox(joined)!;
    expect(box.x1 - box.x0).toBeLessThan(9 * 8);
    expect(scribbledOver(joined, box)).toBe(false);
  });
});
