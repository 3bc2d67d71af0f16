import type { Cut } from '../../src/modules/marking/cut-boxes.js';

/** A white cut of `width` × `height` with the given rectangles (x, y, w, h) inked black. */
export function cutWith(width: number, height: number, rects: [number, number, number, number][]): Cut {
  const paper = new Float32Array(width * height).fill(1);
  const ink = new Uint8Array(width * height);
  for (const [x0, y0, w, h] of rects)
    for (let y = y0; y < y0 + h; y++)
      for (let x = x0; x < x0 + w; x++) {
        paper[y * width + x] = 0.1;
        ink[y * width + x] = 1;
      }
  return { width, height, paper, ink };
}
