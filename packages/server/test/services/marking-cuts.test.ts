import { describe, expect, it } from 'vitest';
import { inkBox, wipeLongRuns, withoutDashes } from '../../src/modules/marking/cut-boxes.js';
import { cutWith } from '../support/ink-cuts.js';

describe('wiping printed rules from a cut', () => {
  it('wipes every long thin rule, keeps the word and the stroke that crosses a rule', () => {
    // A 400 × 100 line: a "word" blob at 40..120, a rule at row 80 and its guide at row 86,
    // a descender crossing both rules at x = 60.
    const cut = cutWith(400, 100, [
      [40, 40, 80, 30],
      [0, 80, 400, 2],
      [0, 86, 400, 2],
      [60, 70, 3, 28],
    ]);
    wipeLongRuns(cut, 'rows', 0.5);
    const box = inkBox(cut)!;
    expect([box.x0, box.x1]).toEqual([40, 120]);
    expect(cut.ink[81 * 400 + 200]).toBe(0);
    expect(cut.ink[87 * 400 + 200]).toBe(0);
    expect(cut.paper[87 * 400 + 200]).toBe(1);
    // The descender survives where it crosses the rules.
    expect(cut.ink[81 * 400 + 61]).toBe(1);
    expect(cut.ink[87 * 400 + 61]).toBe(1);
  });

  it('leaves a short stroke, and a long one outside the band it is told to look in', () => {
    const cut = cutWith(400, 100, [
      [40, 50, 150, 3],
      [0, 20, 400, 2],
    ]);
    wipeLongRuns(cut, 'rows', 0.5, 60, 100);
    expect(cut.ink[51 * 400 + 100]).toBe(1);
    expect(cut.ink[21 * 400 + 300]).toBe(1);
    wipeLongRuns(cut, 'rows', 0.5);
    expect(cut.ink[51 * 400 + 100]).toBe(1);
    expect(cut.ink[21 * 400 + 300]).toBe(0);
  });

  it('wipes a border column that runs most of a cell side', () => {
    const cut = cutWith(100, 100, [
      [2, 5, 2, 90],
      [30, 30, 40, 40],
    ]);
    wipeLongRuns(cut, 'columns', 0.8, 0, 12);
    const box = inkBox(cut)!;
    expect([box.x0, box.y0, box.x1, box.y1]).toEqual([30, 30, 70, 70]);
  });

  it('drops a dash a rule left beside the word, keeps the word and a line touching it', () => {
    // A "word" at 40..120 with a t's bar through it (touching), a rule's leftover dash at
    // 300..360 (8 px = 1 mm high) and a dot of an i (small, not flat).
    const cut = cutWith(400, 100, [
      [40, 40, 80, 30],
      [20, 50, 120, 3],
      [300, 78, 60, 8],
      [130, 30, 4, 4],
    ]);
    const clean = withoutDashes(cut);
    const box = inkBox(clean)!;
    expect([box.x0, box.x1]).toEqual([20, 140]);
    expect(clean.ink[80 * 400 + 330]).toBe(0);
    expect(clean.paper[80 * 400 + 330]).toBe(1);
    expect(clean.ink[31 * 400 + 131]).toBe(1);
    // The cut itself is left as it was (the crossed-out check reads it).
    expect(cut.ink[80 * 400 + 330]).toBe(1);
  });

  it("drops a curled rule's sloped dash and specks away from the word, not a speck beside it", () => {
    // A "word" at 40..120 (30 px = 3.75 mm high); at 300..444 a dash rising 8 px, 3 px thick
    // (its box 11 px high: not flat), a speck at 200 and one 2 px after the word (a full stop).
    const sloped: [number, number, number, number][] = Array.from({ length: 144 }, (_, i) => [
      300 + i,
      80 - Math.round(i / 18),
      1,
      3,
    ]);
    const cut = cutWith(460, 100, [[40, 40, 80, 30], ...sloped, [200, 70, 3, 3], [122, 66, 3, 3]]);
    const clean = withoutDashes(cut);
    const box = inkBox(clean)!;
    expect([box.x0, box.x1]).toEqual([40, 125]);
    expect(clean.ink[80 * 460 + 300]).toBe(0);
    expect(clean.ink[71 * 460 + 201]).toBe(0);
  });
});
