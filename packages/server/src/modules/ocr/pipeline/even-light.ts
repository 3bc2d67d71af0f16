import type { Strip } from './line-strips.js';
import { EVEN_LIGHT } from './thresholds.js';

/** A box blur of `values` (`width` × `height`) along rows then columns, `radius` each side. */
function boxBlur(values: Float32Array, width: number, height: number, radius: number): Float32Array {
  const pass = (
    from: Float32Array,
    length: number,
    lines: number,
    at: (line: number, i: number) => number,
  ) => {
    const to = new Float32Array(from.length);
    for (let line = 0; line < lines; line++) {
      let sum = 0;
      let count = 0;
      // A running window: add what enters on the right, drop what leaves on the left.
      for (let i = 0; i < Math.min(length, radius); i++, count++) sum += from[at(line, i)]!;
      for (let i = 0; i < length; i++) {
        if (i + radius < length) {
          sum += from[at(line, i + radius)]!;
          count++;
        }
        if (i - radius - 1 >= 0) {
          sum -= from[at(line, i - radius - 1)]!;
          count--;
        }
        to[at(line, i)] = sum / count;
      }
    }
    return to;
  };
  const rows = pass(values, width, height, (y, x) => y * width + x);
  return pass(rows, height, width, (x, y) => y * width + x);
}

/** The value below which `share` of `values` lie. */
function quantile(values: Float32Array, share: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

/**
 * A line strip with its light evened out, as the page reader's flattening does for a page:
 * each pixel divided by the mean brightness around it (a blur a fraction of the strip's
 * height wide, three box passes), what is brighter than that made white, then the darkest
 * stretched to black. On a photographed screen the glare and the screen's shading run across a line
 * and the recogniser loses faint letters and the commas between words; where the light is
 * already even this changes little.
 */
export function evenLight(strip: Strip): Strip {
  const { data, width, height } = strip;
  const grey = Float32Array.from(data);
  const radius = Math.max(1, Math.round(EVEN_LIGHT.blurRadius * (strip.lineHeight ?? height)));
  let around: Float32Array = grey;
  for (let i = 0; i < EVEN_LIGHT.blurPasses; i++) around = boxBlur(around, width, height, radius);
  // Brighter than around it is paper: white. The screen's grain and moiré, a faint texture
  // about the paper's level, go with it; ink, darker than its surroundings, stays.
  const flat = grey.map((v, i) => Math.min(1, v / Math.max(1, around[i]!)));
  // Paper is 1 after the division; the darkest `stretch` share becomes black.
  const low = quantile(flat, EVEN_LIGHT.stretch);
  // Too little between dark and bright: no ink, and stretching would only draw noise.
  if (1 - low < EVEN_LIGHT.minContrast) return strip;
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++)
    out[i] = Math.round(Math.min(255, Math.max(0, (255 * (flat[i]! - low)) / (1 - low))));
  return { ...strip, data: out };
}
