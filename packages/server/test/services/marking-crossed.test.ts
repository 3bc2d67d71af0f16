import { describe, expect, it } from 'vitest';
import { crossedOut } from '../../src/modules/marking/crossed-out.js';
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
