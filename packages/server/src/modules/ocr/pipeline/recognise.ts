import { readFileSync } from 'node:fs';
import { loadSharp } from '../load-sharp.js';
import type { Pixels } from './detect-text.js';
import { modelAsset, type ModelSessions } from './onnx-models.js';
import { READ } from './thresholds.js';
import { evenLight } from './even-light.js';
import { lineHeightOf, piecesAtWideGaps, spaceAtGaps, wordGaps } from './word-gaps.js';

export interface Reading {
  text: string;
  /** The model's mean probability of the characters it read, 0 to 100. */
  confidence: number;
  /**
   * The probability of the character it was least sure of, 0 to 100: one smudged letter in a
   * word read otherwise surely, which the mean hides (a word is wrong when one letter is).
   */
  least: number;
  /** The reading cut where the strip shows a wide blank (word-gaps.ts), when it shows one. */
  pieces?: string[];
}

/** A box on an image, in its pixels. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

let keys: string[] | undefined;

/** The model's classes: 0 is CTC's blank, then the dictionary's characters, then a space. */
function dictionary(): string[] {
  const characters = readFileSync(modelAsset('ppocr_keys_v1.txt'), 'utf8').split('\n');
  if (characters.at(-1) === '') characters.pop();
  return ['', ...characters, ' '];
}

/** A reading with where each of its characters was read: the CTC step that emitted it. */
export interface Decoded extends Reading {
  characters: string[];
  steps: number[];
}

/** Greedy CTC: the likeliest class at each step, repeats merged, blanks dropped. */
export function decode(
  probabilities: Float32Array,
  steps: number,
  classes: number,
  classKeys: readonly string[],
): Decoded {
  const characters: string[] = [];
  const at: number[] = [];
  let sum = 0;
  let count = 0;
  let least = 1;
  let previous = 0;
  for (let step = 0; step < steps; step++) {
    let best = 0;
    let bestP = -1;
    const offset = step * classes;
    for (let c = 0; c < classes; c++) {
      const p = probabilities[offset + c]!;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      characters.push(classKeys[best] ?? '');
      at.push(step);
      sum += bestP;
      count++;
      if (bestP < least) least = bestP;
    }
    previous = best;
  }
  // Spaces at either end are not part of the line.
  while (characters[0]?.trim() === '') {
    characters.shift();
    at.shift();
  }
  while (characters.at(-1)?.trim() === '') {
    characters.pop();
    at.pop();
  }
  const text = characters.join('');
  return count === 0
    ? { text, confidence: 0, least: 0, characters, steps: at }
    : { text, confidence: (100 * sum) / count, least: 100 * least, characters, steps: at };
}

/**
 * One line of print read by PaddleOCR's PP-OCRv4 recognition model (Chinese, Latin letters,
 * digits and punctuation): the box cut from a grey image, brought to the model's height.
 * Undefined when the box is too thin or too long to be a line of a list.
 */
export async function recognise(
  models: ModelSessions,
  grey: Pixels,
  box: PixelBox,
): Promise<Reading | undefined> {
  const left = Math.max(0, Math.floor(box.x0));
  const top = Math.max(0, Math.floor(box.y0));
  const width = Math.min(grey.width, Math.ceil(box.x1)) - left;
  const height = Math.min(grey.height, Math.ceil(box.y1)) - top;
  if (width < 2 || height < 2 || width > READ.longestLine * height) return undefined;
  const h = READ.modelHeight;
  const modelWidth = Math.max(Math.round(h / 3), Math.round((h * width) / height));
  const sharp = await loadSharp();
  const crop = await sharp(grey.data, {
    raw: { width: grey.width, height: grey.height, channels: grey.channels },
  })
    .extract({ left, top, width, height })
    .resize(modelWidth, h, { fit: 'fill' })
    // Resizing turns a one-channel image into sRGB; the model's input is built from one.
    .greyscale()
    .raw()
    .toBuffer();
  return readStrip(models, { data: crop, width: modelWidth, height: h });
}

/**
 * A line already cut out level at the model's height (grey, `height` × `width`) read by the
 * recognition model: its light evened first (even-light.ts), the spaces the model dropped
 * between words put back where the strip shows them (word-gaps.ts).
 */
export async function readStrip(
  models: ModelSessions,
  line: { data: Uint8Array; width: number; height: number },
): Promise<Reading> {
  const { Tensor } = await import('onnxruntime-node');
  keys ??= dictionary();
  const classKeys = keys;
  const strip = evenLight(line);
  const { width, height } = strip;
  // The model takes three channels scaled to -1..1; a grey line is the same in each.
  const plane = height * width;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++)
    input[i] = input[plane + i] = input[2 * plane + i] = strip.data[i]! / 127.5 - 1;
  const { decoded, steps } = await models.use('recognise', async (session) => {
    const feeds = { [session.inputNames[0]!]: new Tensor('float32', input, [1, 3, height, width]) };
    const output = (await session.run(feeds))[session.outputNames[0]!]!;
    const steps = output.dims[1]!;
    return { decoded: decode(output.data as Float32Array, steps, output.dims[2]!, classKeys), steps };
  });
  // Each CTC step covers an equal share of the strip's width; a character is placed mid-step.
  const columns = decoded.steps.map((step) => ((step + 0.5) * width) / steps);
  const gaps = wordGaps(strip);
  const text = spaceAtGaps(decoded.characters, columns, gaps);
  const pieces = piecesAtWideGaps(decoded.characters, columns, gaps, lineHeightOf(strip));
  const reading: Reading = { text, confidence: decoded.confidence, least: decoded.least };
  return pieces ? { ...reading, pieces } : reading;
}
