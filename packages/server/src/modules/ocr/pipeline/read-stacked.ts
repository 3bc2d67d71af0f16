/* Tamil's detected lines read by Tesseract: the strips stacked into one page (round 13). */
import { loadSharp } from '../load-sharp.js';
import type { OcrLine } from '../worker-lane.js';
import type { Strip } from './line-strips.js';
import type { ReadStrips } from './read-lines.js';
import { READ_LINES } from './thresholds.js';

/**
 * The strips stacked one under another on white paper, with `gap` rows between them, as one
 * PNG for a page reader, and the rows each strip takes.
 */
export async function stackStrips(
  strips: readonly Strip[],
  gap: number,
): Promise<{ png: Buffer; rows: { y0: number; y1: number }[] }> {
  const width = Math.max(1, ...strips.map((s) => s.width)) + 2 * gap;
  const height = strips.reduce((sum, s) => sum + s.height + gap, gap);
  const data = new Uint8Array(width * height).fill(255);
  const rows: { y0: number; y1: number }[] = [];
  let y = gap;
  for (const strip of strips) {
    for (let row = 0; row < strip.height; row++)
      data.set(strip.data.subarray(row * strip.width, (row + 1) * strip.width), (y + row) * width + gap);
    rows.push({ y0: y, y1: y + strip.height });
    y += strip.height + gap;
  }
  const sharp = await loadSharp();
  const png = await sharp(data, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return { png, rows };
}

/** Each strip's lines as the page reader read them stacked, in the strip's own pixels. */
async function readEachStacked(
  strips: readonly Strip[],
  recognize: (png: Buffer) => Promise<OcrLine[]>,
): Promise<OcrLine[][]> {
  const gap = READ_LINES.stackGap;
  const { png, rows } = await stackStrips(strips, gap);
  const found: OcrLine[][] = strips.map(() => []);
  const shift = (box: OcrLine['box'], dy: number) => ({
    x0: box.x0 - gap,
    x1: box.x1 - gap,
    y0: box.y0 - dy,
    y1: box.y1 - dy,
  });
  for (const line of await recognize(png)) {
    const middle = (line.box.y0 + line.box.y1) / 2;
    const at = rows.findIndex((r) => middle >= r.y0 && middle < r.y1);
    if (at < 0) continue;
    const dy = rows[at]!.y0;
    found[at]!.push({
      ...line,
      box: shift(line.box, dy),
      words: line.words.map((word) => ({ ...word, box: shift(word.box, dy) })),
    });
  }
  return found;
}

/** A separator between a Tamil word and its meaning, alone ("—", and "_" as `tam` reads a dash). */
const SEPARATOR = /^[-–—:|_]+\.?$/u;
const ENDS_IN_SEPARATOR = /\p{Script=Tamil}\p{M}*[-–—:|_]+$/u;
const TAMIL = /\p{Script=Tamil}/u;

/**
 * Where a strip's "word — meaning" line is cut to read the word alone: the separator's left
 * edge, when a Tamil word comes before it and something after it. Tesseract's Tamil model reads
 * an English meaning as Tamil junk, and the junk drags the line's, and the word's, confidence
 * down (0 to 47 on handwritten lists, the word read right).
 */
function meaningCut(lines: readonly OcrLine[]): number | undefined {
  for (const line of lines) {
    const at = line.words.findIndex(
      (word, i) => (i > 0 && SEPARATOR.test(word.text)) || ENDS_IN_SEPARATOR.test(word.text),
    );
    if (at < 0 || at === line.words.length - 1) continue;
    const alone = SEPARATOR.test(line.words[at]!.text);
    if (!line.words.slice(0, alone ? at : at + 1).some((word) => TAMIL.test(word.text))) continue;
    // A separator read onto its word ("மேசை-") is cut after, with the word.
    return Math.floor(alone ? line.words[at]!.box.x0 : line.words[at]!.box.x1);
  }
  return undefined;
}

/** The strip's left `width` pixels. */
function leftOf(strip: Strip, width: number): Strip {
  const data = new Uint8Array(width * strip.height);
  for (let row = 0; row < strip.height; row++)
    data.set(strip.data.subarray(row * strip.width, row * strip.width + width), row * width);
  return { ...strip, data, width };
}

/** Length-weighted confidence of a strip's lines (0 when none). */
function weighted(lines: readonly OcrLine[]): number {
  const length = lines.reduce((sum, l) => sum + l.text.length, 0);
  return lines.reduce((sum, l) => sum + l.confidence * l.text.length, 0) / Math.max(1, length);
}

/**
 * Strips read by a page reader (Tesseract, for scripts the recognition model has not: Tamil):
 * stacked into one page, each line it reads given to the strip its middle falls in, with the
 * reader's confidence (it has no per-character probabilities: `least` is the same). `trust`
 * keeps the lines the reader is sure enough of. A "word — meaning" line is read again cut
 * before its separator, and that reading kept when it is surer.
 */
export function readStacked(
  recognize: (png: Buffer) => Promise<OcrLine[]>,
  trust: (lines: readonly OcrLine[]) => OcrLine[] = (lines) => [...lines],
): ReadStrips {
  return async (strips) => {
    if (strips.length === 0) return [];
    const read = (await readEachStacked(strips, recognize)).map((lines) => ({ lines, kept: trust(lines) }));
    const cuts = read.map(({ lines }, i) => {
      const x = meaningCut(lines);
      return x !== undefined && x > 0 && x < strips[i]!.width ? leftOf(strips[i]!, x) : undefined;
    });
    const again = cuts.flatMap((cut, i) => (cut ? [{ i, cut }] : []));
    if (again.length > 0) {
      const reread = await readEachStacked(
        again.map(({ cut }) => cut),
        recognize,
      );
      again.forEach(({ i }, j) => {
        const kept = trust(reread[j]!);
        if (kept.length > 0 && weighted(kept) > (read[i]!.kept.length > 0 ? weighted(read[i]!.kept) : 0))
          read[i] = { lines: reread[j]!, kept };
      });
    }
    return read.map(({ kept }) => {
      if (kept.length === 0) return undefined;
      const own = [...kept].sort((a, b) => a.box.x0 - b.box.x0);
      const confidence = weighted(own);
      return {
        text: own
          .map((l) => l.text)
          .join(' ')
          .trim(),
        confidence,
        least: confidence,
      };
    });
  };
}
