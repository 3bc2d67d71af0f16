import type { Cut } from './cut-boxes.js';

/** A region of a cut, `x1` and `y1` exclusive. */
export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One unbroken piece of ink: its pixels (indices into the cut) and its box, `x1`/`y1` inclusive. */
export interface InkPiece {
  pixels: number[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Each piece of the cut's ink inside `region` (the whole cut by default), 8-connected, in the
 * order of its first pixel. What the dash filter and the scribble check both look at.
 */
export function* inkPieces(
  cut: Cut,
  region: Region = { x0: 0, y0: 0, x1: cut.width, y1: cut.height },
): Generator<InkPiece> {
  const { width, ink } = cut;
  const seen = new Uint8Array(ink.length);
  const inside = (x: number, y: number) => x >= region.x0 && y >= region.y0 && x < region.x1 && y < region.y1;
  const stack: number[] = [];
  for (let sy = region.y0; sy < region.y1; sy++)
    for (let sx = region.x0; sx < region.x1; sx++) {
      const start = sy * width + sx;
      if (!ink[start] || seen[start]) continue;
      const piece: InkPiece = { pixels: [], x0: sx, y0: sy, x1: sx, y1: sy };
      seen[start] = 1;
      stack.push(start);
      while (stack.length > 0) {
        const i = stack.pop()!;
        piece.pixels.push(i);
        const x = i % width;
        const y = (i - x) / width;
        piece.x0 = Math.min(piece.x0, x);
        piece.x1 = Math.max(piece.x1, x);
        piece.y0 = Math.min(piece.y0, y);
        piece.y1 = Math.max(piece.y1, y);
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const nx = x + dx;
            const ny = y + dy;
            if (!inside(nx, ny)) continue;
            const j = ny * width + nx;
            if (ink[j] && !seen[j]) {
              seen[j] = 1;
              stack.push(j);
            }
          }
      }
      yield piece;
    }
}
