import { describe, expect, it } from 'vitest';
import { judgeLine } from '../../src/modules/marking/check-answer.js';
import type { CtcOutput } from '../../src/modules/marking/ctc.js';
import { labelsOf, modelInput } from '../../src/modules/marking/read-box.js';
import { cutWith } from '../support/ink-cuts.js';

/** The first column of the model's input with ink in its middle row. */
function firstDark({ plane, width }: { plane: Float32Array; width: number }): number {
  const row = 24 * width;
  for (let x = 0; x < width; x++) if (plane[row + x]! < 0) return x;
  return -1;
}

describe("the recogniser's views of a line", () => {
  it('widens a line without changing its height, and every stroke moves with it', () => {
    // Two 8 px strokes on a 200 × 50 cut: at the model's 48 px height the cut is 192 px wide.
    const cut = cutWith(200, 50, [
      [20, 10, 8, 30],
      [100, 10, 8, 30],
    ]);
    const box = { x0: 0, y0: 0, x1: 200, y1: 50, count: 480 };
    const plain = modelInput(cut, box, 1, 'plain');
    const wide = modelInput(cut, box, 1, 'plain', 1.4);
    expect(plain.width).toBe(192);
    expect(wide.width).toBe(Math.round(192 * 1.4));
    expect(wide.plane.length).toBe(48 * wide.width);
    expect(Math.abs(firstDark(plain) - 20 * 0.96)).toBeLessThanOrEqual(1);
    expect(Math.abs(firstDark(wide) - 20 * 0.96 * 1.4)).toBeLessThanOrEqual(1);
    for (const v of wide.plane) expect(Math.abs(v)).toBeLessThanOrEqual(1);
  });
});

/** A made-up recogniser output that reads `text`, each letter over two frames, blanks between. */
function reading(text: string, sure = 0.9): CtcOutput {
  const labels = labelsOf(text)!;
  // The space is the dictionary's last class.
  const classes = labelsOf(' ')![0]! + 1;
  const frames = [0, ...labels.flatMap((c) => [c, c, 0])];
  const logp = new Float32Array(frames.length * classes).fill(Math.log((1 - sure) / (classes - 1)));
  frames.forEach((c, t) => (logp[t * classes + c] = Math.log(sure)));
  return { logp, steps: frames.length, classes };
}

describe('judging a line from its views', () => {
  it('marks the word read correct, and a vowel swapped (a child slip) wrong', () => {
    const views = [reading('garden'), reading('garden', 0.8)];
    expect(judgeLine(views, 'garden').verdict).toBe('correct');
    const slip = judgeLine(views, 'gardin');
    expect(slip.verdict).toBe('wrong');
    expect(slip.alternative).toBe('garden');
  });

  it('pools every view: half the views reading a slip leave the word unsure, not correct', () => {
    const views = [reading('garden'), reading('garden'), reading('gardin'), reading('gardin')];
    expect(judgeLine(views, 'garden').verdict).not.toBe('correct');
  });
});

describe('the rivals a child could have written', () => {
  it("rivals a reading with a mark no child writes as its letters: `righ+` is not `right`'s rival", () => {
    // Half the views read a '+' for the t, each as sure of it as of the t elsewhere.
    const views = [reading('right'), reading('right'), reading('righ+'), reading('righ+')];
    expect(judgeLine(views, 'right').verdict).toBe('correct');
    // A child's slip read in half the views still keeps the word from correct.
    const slip = [reading('right'), reading('right'), reading('rigth'), reading('rigth')];
    expect(judgeLine(slip, 'right').verdict).not.toBe('correct');
  });

  it('marks a word in one piece of ink correct only by the wider margin, and never wrong', () => {
    const views = [reading('garden', 0.9), reading('garden', 0.9)];
    const plain = judgeLine(views, 'garden');
    expect(plain.verdict).toBe('correct');
    expect(plain.margin!).toBeGreaterThan(4);
    expect(judgeLine(views, 'garden', true).verdict).toBe('correct');
    // Two views of three read the word, one a slip: e^2 likelier than it, not e^4.
    const doubtful = [reading('garden'), reading('garden'), reading('gardin')];
    const margin = judgeLine(doubtful, 'garden').margin!;
    expect(margin).toBeGreaterThan(2);
    expect(margin).toBeLessThan(4);
    expect(judgeLine(doubtful, 'garden', true).verdict).toBe('unsure');
    expect(judgeLine(views, 'gardin', true).verdict).toBe('unsure');
  });
});
