import type { InferenceSession } from 'onnxruntime-node';
import { DETECT } from './thresholds.js';

/** Pixels, `channels` bytes each (1 grey or 3 RGB), row by row. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 3;
}

/** A text region the detector found, in the pixels of the image it was given. */
export interface TextBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The model's mean text probability inside the region (0 to 1). */
  score: number;
  /** The region as a turned rectangle along its text (a tilted or curled line), when known. */
  line?: LineFrame;
}

/**
 * A text line as a turned rectangle: its centre, its direction (radians, clockwise from
 * across, as y runs down), its length along the text and its thickness across, grown back as
 * the axis-aligned box is.
 */
export interface LineFrame {
  cx: number;
  cy: number;
  angle: number;
  length: number;
  thickness: number;
}

/**
 * The turned rectangle around a region's pixels (given by index into a map `width` wide): its
 * direction from the pixels' second moments, its extent from their projections on it.
 */
export function lineFrame(members: Int32Array, count: number, width: number): LineFrame {
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < count; i++) {
    const p = members[i]!;
    sx += p % width;
    sy += (p - (p % width)) / width;
  }
  const mx = sx / count;
  const my = sy / count;
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (let i = 0; i < count; i++) {
    const p = members[i]!;
    const dx = (p % width) - mx;
    const dy = (p - (p % width)) / width - my;
    xx += dx * dx;
    yy += dy * dy;
    xy += dx * dy;
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  let u0 = Infinity;
  let u1 = -Infinity;
  let v0 = Infinity;
  let v1 = -Infinity;
  for (let i = 0; i < count; i++) {
    const p = members[i]!;
    const dx = (p % width) - mx;
    const dy = (p - (p % width)) / width - my;
    const u = dx * c + dy * s;
    const v = -dx * s + dy * c;
    if (u < u0) u0 = u;
    if (u > u1) u1 = u;
    if (v < v0) v0 = v;
    if (v > v1) v1 = v;
  }
  const [length, thickness] = [u1 - u0 + 1, v1 - v0 + 1];
  const grow = (length * thickness * DETECT.unclip) / (2 * (length + thickness));
  const [um, vm] = [(u0 + u1) / 2, (v0 + v1) / 2];
  return {
    cx: mx + um * c - vm * s + 0.5,
    cy: my + um * s + vm * c + 0.5,
    angle,
    length: length + 2 * grow,
    thickness: thickness + 2 * grow,
  };
}

/** ImageNet's mean and deviation per channel, which the detector was trained with. */
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/** The image as the detector's input: scaled to 0..1, normalised, padded to the stride. */
function inputTensor(image: Pixels): { data: Float32Array; width: number; height: number } {
  const width = Math.ceil(image.width / DETECT.stride) * DETECT.stride;
  const height = Math.ceil(image.height / DETECT.stride) * DETECT.stride;
  const plane = width * height;
  const data = new Float32Array(3 * plane);
  for (let c = 0; c < 3; c++) {
    // Padding is white paper, as the page around it.
    data.fill((1 - MEAN[c]!) / STD[c]!, c * plane, (c + 1) * plane);
  }
  const { channels } = image;
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const from = (y * image.width + x) * channels;
      const to = y * width + x;
      for (let c = 0; c < 3; c++) {
        const v = image.data[from + (channels === 3 ? c : 0)]! / 255;
        data[c * plane + to] = (v - MEAN[c]!) / STD[c]!;
      }
    }
  return { data, width, height };
}

/** The model's text probability for each pixel of `image` (padding cut off). */
export async function textProbability(
  session: InferenceSession,
  image: Pixels,
): Promise<{ map: Float32Array; width: number; height: number; stride: number }> {
  const { Tensor } = await import('onnxruntime-node');
  const input = inputTensor(image);
  const feeds = {
    [session.inputNames[0]!]: new Tensor('float32', input.data, [1, 3, input.height, input.width]),
  };
  const output = (await session.run(feeds))[session.outputNames[0]!]!;
  return { map: output.data as Float32Array, width: image.width, height: image.height, stride: input.width };
}

/**
 * DB post-processing: the probability map binarised, each connected region of text a box,
 * kept when the model is sure enough of it on average, then grown back from the shrunk
 * kernel the model was trained to mark ("unclip").
 */
export function boxesOf(prob: {
  map: Float32Array;
  width: number;
  height: number;
  stride: number;
}): TextBox[] {
  const { map, width, height, stride } = prob;
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const members = new Int32Array(width * height);
  const boxes: TextBox[] = [];
  for (let start = 0; start < width * height; start++) {
    const sx = start % width;
    const sy = (start - sx) / width;
    if (seen[start] || map[sy * stride + sx]! <= DETECT.binarise) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let x0 = sx;
    let x1 = sx;
    let y0 = sy;
    let y1 = sy;
    let sum = 0;
    let count = 0;
    while (top > 0) {
      const p = stack[--top]!;
      members[count] = p;
      const x = p % width;
      const y = (p - x) / width;
      sum += map[y * stride + x]!;
      count++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const q = ny * width + nx;
          if (seen[q] || map[ny * stride + nx]! <= DETECT.binarise) continue;
          seen[q] = 1;
          stack[top++] = q;
        }
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (Math.min(w, h) < DETECT.minSide) continue;
    const score = sum / count;
    if (score < DETECT.boxScore) continue;
    const grow = (w * h * DETECT.unclip) / (2 * (w + h));
    boxes.push({
      x0: Math.max(0, x0 - grow),
      y0: Math.max(0, y0 - grow),
      x1: Math.min(width, x1 + 1 + grow),
      y1: Math.min(height, y1 + 1 + grow),
      score,
      line: lineFrame(members, count, width),
    });
  }
  return boxes;
}

/** The text regions of `image`, top to bottom. */
export async function detectText(session: InferenceSession, image: Pixels): Promise<TextBox[]> {
  const boxes = boxesOf(await textProbability(session, image));
  return boxes.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}
