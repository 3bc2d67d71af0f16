import { describe, expect, it } from 'vitest';
import { bestPath, ctcLogProb, singleCharLogProbs, type CtcOutput } from '../../src/modules/marking/ctc.js';
import { affineFrom, homographyFrom, project } from '../../src/modules/marking/homography.js';

/** A made-up recogniser output: `steps` frames of softmax over `classes` (0 is blank). */
function output(rows: number[][]): CtcOutput {
  const classes = rows[0]!.length;
  const logp = new Float32Array(rows.length * classes);
  rows.forEach((row, t) => {
    const sum = row.reduce((a, b) => a + b, 0);
    row.forEach((v, c) => (logp[t * classes + c] = Math.log(v / sum)));
  });
  return { logp, steps: rows.length, classes };
}

describe('CTC scoring (the marker checks the expected answer, it does not read blind)', () => {
  const out = output([
    [0.1, 0.7, 0.1, 0.1],
    [0.6, 0.2, 0.1, 0.1],
    [0.1, 0.1, 0.7, 0.1],
    [0.2, 0.1, 0.6, 0.1],
  ]);

  it('gives the likeliest path its reading and scores every single-character reading as a forced alignment does', () => {
    expect(bestPath(out)).toEqual([1, 2]);
    const all = singleCharLogProbs(out);
    for (let c = 1; c < 4; c++) expect(all[c]).toBeCloseTo(ctcLogProb(out, [c]), 6);
  });

  it('sums to one over every reading of a short output (blank, singles, pairs, triples...)', () => {
    const short = output([
      [0.5, 0.3, 0.2],
      [0.4, 0.4, 0.2],
    ]);
    const readings = [[], [1], [2], [1, 1], [1, 2], [2, 1], [2, 2]];
    const total = readings.reduce(
      (s, r) => s + Math.exp(r.length ? ctcLogProb(short, r) : singleCharLogProbs(short)[0]!),
      0,
    );
    expect(total).toBeCloseTo(1, 6);
  });

  it('prefers the written word to a near miss, and a doubled letter needs a blank between', () => {
    expect(ctcLogProb(out, [1, 2])).toBeGreaterThan(ctcLogProb(out, [1]));
    expect(ctcLogProb(out, [1, 2])).toBeGreaterThan(ctcLogProb(out, [1, 2, 2]));
  });
});

describe('homographies', () => {
  it('takes four points exactly where they go, and an affine fit keeps parallel lines parallel', () => {
    const from = [
      { x: 0, y: 0 },
      { x: 180, y: 0 },
      { x: 180, y: 248 },
      { x: 0, y: 248 },
    ];
    const to = [
      { x: 100, y: 120 },
      { x: 900, y: 80 },
      { x: 960, y: 1300 },
      { x: 60, y: 1250 },
    ];
    const h = homographyFrom(from, to)!;
    from.forEach((p, i) => {
      expect(project(h, p).x).toBeCloseTo(to[i]!.x, 6);
      expect(project(h, p).y).toBeCloseTo(to[i]!.y, 6);
    });
    const a = affineFrom(from.slice(0, 3), to.slice(0, 3))!;
    expect(a[6]).toBe(0);
    expect(project(a, from[0]!).x).toBeCloseTo(to[0]!.x, 6);
  });
});
