import type { Point } from '@spellwell/shared';

/** A plane-to-plane projective map, row-major 3×3 with h[8] = 1. */
export type Homography = readonly number[];

/** Solves A x = b by Gaussian elimination with partial pivoting; null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      if (f !== 0) for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * The homography taking each `from` point to its `to` point: exact for four pairs, least
 * squares (normal equations of the direct linear transform) for more. Null when degenerate.
 */
export function homographyFrom(from: readonly Point[], to: readonly Point[]): Homography | null {
  const rows: number[][] = [];
  const rhs: number[] = [];
  from.forEach((p, i) => {
    const q = to[i]!;
    rows.push([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x]);
    rhs.push(q.x);
    rows.push([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y]);
    rhs.push(q.y);
  });
  let h: number[] | null;
  if (rows.length === 8) h = solve(rows, rhs);
  else {
    const ata = Array.from({ length: 8 }, (_, i) =>
      Array.from({ length: 8 }, (_, j) => rows.reduce((s, r) => s + r[i]! * r[j]!, 0)),
    );
    const atb = Array.from({ length: 8 }, (_, i) => rows.reduce((s, r, k) => s + r[i]! * rhs[k]!, 0));
    h = solve(ata, atb);
  }
  return h && h.every(Number.isFinite) ? [...h, 1] : null;
}

export function project(h: Homography, p: Point): Point {
  const w = h[6]! * p.x + h[7]! * p.y + h[8]!;
  return { x: (h[0]! * p.x + h[1]! * p.y + h[2]!) / w, y: (h[3]! * p.x + h[4]! * p.y + h[5]!) / w };
}

/** How many target units one source unit spans near `p` (the square root of the local area scale). */
export function scaleAt(h: Homography, p: Point): number {
  const o = project(h, p);
  const dx = project(h, { x: p.x + 1, y: p.y });
  const dy = project(h, { x: p.x, y: p.y + 1 });
  const area = Math.abs((dx.x - o.x) * (dy.y - o.y) - (dx.y - o.y) * (dy.x - o.x));
  return Math.sqrt(area);
}

/**
 * The affine map (no perspective) that best takes `from` to `to`, as a homography. Guessing far
 * from a few close points, a full homography's perspective terms are barely constrained and throw
 * the guess off by centimetres; an affine guess is off by the page's keystone only.
 */
export function affineFrom(from: readonly Point[], to: readonly Point[]): Homography | null {
  const rows = from.map((p) => [p.x, p.y, 1]);
  const ata = [0, 1, 2].map((i) => [0, 1, 2].map((j) => rows.reduce((s, r) => s + r[i]! * r[j]!, 0)));
  const fitAxis = (axis: 'x' | 'y') =>
    solve(
      ata.map((r) => [...r]),
      [0, 1, 2].map((i) => rows.reduce((s, r, k) => s + r[i]! * to[k]![axis], 0)),
    );
  const ax = fitAxis('x');
  const ay = fitAxis('y');
  return ax && ay ? [...ax, ...ay, 0, 0, 1] : null;
}
