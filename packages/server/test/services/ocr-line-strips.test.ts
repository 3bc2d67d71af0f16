import { describe, expect, it } from 'vitest';
import type { LineFrame, Pixels } from '../../src/modules/ocr/pipeline/detect-text.js';
import { cutStrip } from '../../src/modules/ocr/pipeline/line-strips.js';
import { STRIPS } from '../../src/modules/ocr/pipeline/thresholds.js';

/**
 * A strip cut one sample at a time, as cutStrip did before its loop was written out: the
 * reference its strips must equal bit for bit (a scan's readings depend on every pixel).
 */
function cutOneSampleAtATime(grey: Pixels, frame: LineFrame, height: number, stretch = 1) {
  const step = frame.thickness / height;
  const along = step / stretch;
  const width = Math.max(1, Math.round(frame.length / along));
  const taps = Math.max(1, Math.min(STRIPS.maxTaps, Math.ceil(step)));
  const [c, s] = [Math.cos(frame.angle), Math.sin(frame.angle)];
  const data = new Uint8Array(width * height);
  const { width: w, height: h, channels } = grey;
  const at = (x: number, y: number) => {
    if (x < 0 || y < 0 || x > w - 1 || y > h - 1) return 255;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const x1 = Math.min(w - 1, x0 + 1);
    const y1 = Math.min(h - 1, y0 + 1);
    const fx = x - x0;
    const fy = y - y0;
    const p = (xx: number, yy: number) => grey.data[(yy * w + xx) * channels]!;
    return (p(x0, y0) * (1 - fx) + p(x1, y0) * fx) * (1 - fy) + (p(x0, y1) * (1 - fx) + p(x1, y1) * fx) * fy;
  };
  for (let row = 0; row < height; row++)
    for (let col = 0; col < width; col++) {
      let sum = 0;
      for (let ty = 0; ty < taps; ty++)
        for (let tx = 0; tx < taps; tx++) {
          const u = (col + (tx + 0.5) / taps) * along - frame.length / 2;
          const v = (row + (ty + 0.5) / taps) * step - frame.thickness / 2;
          sum += at(frame.cx + u * c - v * s - 0.5, frame.cy + u * s + v * c - 0.5);
        }
      data[row * width + col] = Math.round(sum / (taps * taps));
    }
  return { data, width, height };
}

/** A repeatable pseudo-random sequence in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('cutting a line out level, quickly', () => {
  it('gives the same strip, bit for bit, as sampling one point at a time', () => {
    const next = random(33_707);
    for (const channels of [1, 3] as const) {
      const [width, height] = [320, 240];
      const data = new Uint8Array(width * height * channels);
      for (let i = 0; i < data.length; i++) data[i] = Math.floor(next() * 256);
      const grey: Pixels = { data, width, height, channels };
      for (let i = 0; i < 40; i++) {
        // Thin to thick (one to four taps a side), level to tilted, some running off the image.
        const frame: LineFrame = {
          cx: -20 + next() * 360,
          cy: -20 + next() * 280,
          angle: (next() - 0.5) * 1.2,
          length: 10 + next() * 300,
          thickness: 8 + next() * 220,
        };
        for (const stretch of [1, 2]) {
          const fast = cutStrip(grey, frame, 48, stretch);
          const reference = cutOneSampleAtATime(grey, frame, 48, stretch);
          expect([fast.width, fast.height]).toEqual([reference.width, reference.height]);
          expect(Buffer.from(fast.data).equals(Buffer.from(reference.data))).toBe(true);
        }
      }
    }
  });
});
