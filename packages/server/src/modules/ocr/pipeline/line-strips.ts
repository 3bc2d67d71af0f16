import type { LineFrame, Pixels, TextBox } from './detect-text.js';
import { STRIPS } from './thresholds.js';

/** One text line cut out of a page and laid level: grey pixels, `height` rows of `width`. */
export interface Strip {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * A detected region's line frame on an image `scale` times as large as the detector's: its
 * turned rectangle when the region is a long line tilted no more than a page's line can be,
 * else its box, level (a character or a number, taller than wide, has no direction to speak of).
 */
export function scaleFrame(box: TextBox, scale: number): LineFrame {
  const frame = box.line;
  const directed =
    frame !== undefined &&
    frame.length >= STRIPS.directedLength * frame.thickness &&
    Math.abs(frame.angle) <= STRIPS.maxTilt;
  if (!directed)
    return {
      cx: ((box.x0 + box.x1) / 2) * scale,
      cy: ((box.y0 + box.y1) / 2) * scale,
      angle: 0,
      length: (box.x1 - box.x0) * scale,
      thickness: (box.y1 - box.y0) * scale,
    };
  return {
    cx: frame.cx * scale,
    cy: frame.cy * scale,
    angle: frame.angle,
    length: frame.length * scale,
    thickness: frame.thickness * scale,
  };
}

/** The axis-aligned box around a frame: where it is on the page. */
export function frameBox(frame: LineFrame): { x0: number; y0: number; x1: number; y1: number } {
  const [c, s] = [Math.abs(Math.cos(frame.angle)), Math.abs(Math.sin(frame.angle))];
  const halfW = (frame.length * c + frame.thickness * s) / 2;
  const halfH = (frame.length * s + frame.thickness * c) / 2;
  return { x0: frame.cx - halfW, y0: frame.cy - halfH, x1: frame.cx + halfW, y1: frame.cy + halfH };
}

/**
 * The line under `frame` sampled level from a grey image, `height` rows tall: each output
 * pixel is the mean of a small grid of bilinear samples over the source pixels it covers,
 * so a line brought down in size (a photo of a screen, its moiré) is averaged, not aliased.
 * Outside the image is white paper.
 */
export function cutStrip(grey: Pixels, frame: LineFrame, height: number): Strip {
  const step = frame.thickness / height;
  const width = Math.max(1, Math.round(frame.length / step));
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
          // Offsets from the frame's centre, along the line (u) and across it (v).
          const u = (col + (tx + 0.5) / taps) * step - frame.length / 2;
          const v = (row + (ty + 0.5) / taps) * step - frame.thickness / 2;
          sum += at(frame.cx + u * c - v * s - 0.5, frame.cy + u * s + v * c - 0.5);
        }
      data[row * width + col] = Math.round(sum / (taps * taps));
    }
  return { data, width, height };
}
