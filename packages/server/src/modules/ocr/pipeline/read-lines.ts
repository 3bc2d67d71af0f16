import { loadSharp } from '../load-sharp.js';
import type { OcrLine } from '../worker-lane.js';
import { detectText, type LineFrame, type Pixels } from './detect-text.js';
import {
  cutStrip,
  frameBox,
  isDirected,
  scaleFrame,
  tightenFrame,
  turnByNeighbours,
  type Strip,
} from './line-strips.js';
import type { ModelSessions } from './onnx-models.js';
import { readStrip, type Reading } from './recognise.js';
import { ANSWER_BLANKS, READ, READ_LINES, REREAD_WIDE } from './thresholds.js';
import { bridgeBlanks } from './answer-blanks.js';

/** One line the detector found on the upright page and the recogniser read, in the page's pixels. */
export interface ReadPart {
  text: string;
  confidence: number;
  /** The least sure character's probability, 0 to 100 (recognise.ts). */
  least: number;
  box: OcrLine['box'];
  /** The turned rectangle it was read from: a row is followed along its direction. */
  frame: LineFrame;
  /** Its text cut where the strip shows a wide blank (recognise.ts), when it shows one. */
  pieces?: readonly string[];
}

/** A list number or letter alone in its box: a table's number cell, "3.", "(b)". */
const MARKER = /^[(（[]?(?:\d{1,3}|[a-z]|[一二三四五六七八九十]{1,3})[.)）、:：]?$/iu;

/**
 * How far `part` sits off the line that `last` runs along, followed to it (a fraction of the
 * thinner one's thickness), or undefined when it is not the next part of that line: it must
 * start after `last` ends (a little overlap allowed), within `gap` thicknesses. Followed only
 * part to part: across a curled page a row's far end drifts from where its start points.
 * After a list number alone (`marker`), the fraction is of the thicker one's: a small number
 * cell beside its word's taller box need only lie within it (a table photographed at a slant).
 */
function offRow(last: ReadPart, part: ReadPart, gap: number, marker = false): number | undefined {
  const [a, b] = [last.frame, part.frame];
  const thickness = Math.min(a.thickness, b.thickness);
  const space = part.box.x0 - last.box.x1;
  if (space < -0.5 * thickness || space > gap * Math.max(a.thickness, b.thickness)) return undefined;
  const expected = a.cy + Math.tan(a.angle) * (b.cx - a.cx);
  const off = Math.abs(b.cy - expected) / (marker ? Math.max(a.thickness, b.thickness) : thickness);
  return off < 0.5 ? off : undefined;
}

/** A word alone in its part: letters only, no space, no number. */
const ONE_WORD = /^[\p{L}\p{M}'’-]+$/u;

/**
 * What a row holds set apart: each part, or a part's pieces where its strip showed a wide blank
 * (a region the detector's small copy closed over an inline list's gap: word-gaps.ts). A piece
 * of one character between wide blanks is a table's border ("lambat I slow", "ikan 丨 fish"),
 * not a word: such a part is read whole.
 */
const apart = (row: readonly ReadPart[]): string[] =>
  row.flatMap((part) => (part.pieces?.every((piece) => [...piece].length > 1) ? part.pieces : [part.text]));

/**
 * A row of single words each set apart: the detector keeps words at a sentence's spacing in
 * one region, so words it boxed apart (or a region's words with a wide blank between) stand
 * wide apart, as an inline list's do ("pisang kelas kereta" with no commas). Joined with
 * commas, the list stage splits them as items.
 */
const inlineList = (row: readonly ReadPart[]): boolean => {
  const words = apart(row);
  return words.length >= READ_LINES.inlineWords && words.every((word) => ONE_WORD.test(word));
};

/**
 * Whether a row's words are joined with commas: an inline list's row, or, on a page that has
 * one, a shorter row of single words set apart (the list's last row: "pisang sedih" under
 * three rows of three). Alone, two such words may be a phrase ("ice cream").
 */
const itemsOfRow = (row: readonly ReadPart[], pageInline: boolean): boolean => {
  const words = apart(row);
  const fewest = pageInline ? 2 : READ_LINES.inlineWords;
  return words.length >= fewest && words.every((word) => ONE_WORD.test(word));
};

/**
 * The parts read joined into lines, as a page reader gives them: left to right, a part joins
 * the line whose last part it continues (closer than `READ_LINES.joinGap` thicknesses, or
 * `markerGap` after a list number alone: a table's number cell); farther parts are columns.
 * Lines top to bottom, then left to right.
 */
export function joinRows(parts: readonly ReadPart[]): OcrLine[] {
  const rows: ReadPart[][] = [];
  for (const part of [...parts].sort((a, b) => a.box.x0 - b.box.x0)) {
    let best: { row: ReadPart[]; off: number } | undefined;
    for (const row of rows) {
      const last = row.at(-1)!;
      const marker = row.length === 1 && MARKER.test(last.text);
      const off = offRow(last, part, marker ? READ_LINES.markerGap : READ_LINES.joinGap, marker);
      if (off !== undefined && (!best || off < best.off)) best = { row, off };
    }
    if (best) best.row.push(part);
    else rows.push([part]);
  }
  const pageInline = rows.some(inlineList);
  const lines = rows.map((current): OcrLine => {
    const box = {
      x0: Math.min(...current.map((p) => p.box.x0)),
      y0: Math.min(...current.map((p) => p.box.y0)),
      x1: Math.max(...current.map((p) => p.box.x1)),
      y1: Math.max(...current.map((p) => p.box.y1)),
    };
    const length = current.reduce((sum, p) => sum + p.text.length, 0);
    return {
      text: itemsOfRow(current, pageInline)
        ? apart(current).join(', ')
        : current.map((p) => p.text).join(' '),
      // Weighted by length: a long word read surely outweighs a doubtful mark beside it.
      confidence: current.reduce((sum, p) => sum + p.confidence * p.text.length, 0) / Math.max(1, length),
      least: Math.min(...current.map((p) => p.least)),
      rowHeight: Math.max(...current.map((p) => p.frame.thickness)),
      box,
      words: current.map((p) => ({ text: p.text, confidence: p.confidence, box: p.box })),
    };
  });
  return inReadingOrder(lines);
}

/**
 * Lines top to bottom, and the lines of one row left to right: a line whose middle lies within
 * the height of a row's first (topmost) line is on that row. Sorted by their tops alone, two
 * parts of one row the joins kept apart ("请复习：" and the list after it) came in either order,
 * the list's first line before its label and its wrapped end after the next line's start.
 */
export function inReadingOrder(lines: readonly OcrLine[]): OcrLine[] {
  const rows: OcrLine[][] = [];
  for (const line of [...lines].sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0)) {
    const row = rows.at(-1);
    const middle = (line.box.y0 + line.box.y1) / 2;
    if (row && middle <= row[0]!.box.y1) row.push(line);
    else rows.push([line]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.box.x0 - b.box.x0));
}

/**
 * The text lines of an upright grey page read without a page reader: PaddleOCR's detector
 * finds each line (on a screen, a chat, a curled page, in any layout), each is cut out level
 * along its own direction (line-strips.ts) and read by the recognition model. For pages the
 * page reader reads poorly: it needs no page found, no rules removed, no print size guessed.
 */
export async function readDetectedLines(
  models: ModelSessions,
  grey: Pixels,
  read?: ReadStrips,
  longestSide: number = READ_LINES.longestSide,
): Promise<OcrLine[]> {
  const byRecogniser = read === undefined;
  read ??= (strips) => recogniseStrips(models, strips);
  const sharp = await loadSharp();
  const scale = Math.min(1, longestSide / Math.max(grey.width, grey.height));
  const small =
    scale === 1
      ? grey
      : await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: grey.channels } })
          .resize({
            width: Math.round(grey.width * scale),
            height: Math.round(grey.height * scale),
            fit: 'fill',
          })
          .greyscale()
          .raw()
          .toBuffer({ resolveWithObject: true })
          .then(({ data, info }) => ({ data, width: info.width, height: info.height, channels: 1 as const }));
  const boxes = await models.use('detect', (session) => detectText(session, small));
  const level = boxes.map((box) => {
    const frame = scaleFrame(box, 1 / scale);
    const longest = READ_LINES.longestLine * frame.thickness;
    return frame.length > longest ? { ...frame, length: longest } : frame;
  });
  // Turned and narrowed to be cut for the recogniser only (Tesseract reads Tamil's stack as
  // before).
  const cuts = byRecogniser ? turnByNeighbours(level, boxes.map(isDirected)) : level;
  const tight = byRecogniser ? cuts.map((frame) => tightenFrame(grey, frame, READ.modelHeight)) : cuts;
  const strips = cuts.map((frame, i): Strip => {
    const strip = cutStrip(grey, tight[i]!, READ.modelHeight);
    return tight[i] === frame
      ? strip
      : { ...strip, lineHeight: (READ.modelHeight * frame.thickness) / tight[i]!.thickness };
  });
  const readings = await read(strips);
  if (byRecogniser) await rereadWide(models, grey, cuts, tight, strips, readings);
  const parts: ReadPart[] = [];
  level.forEach((frame, i) => {
    const reading = readings[i];
    if (!reading || reading.text === '') return;
    // Rows are followed along the direction each part was cut in: a short word has none of its
    // own (angle 0), and on a page tilted 6 to 9° the next word of its row fell off it (round
    // 23). Only the angle: round 18 joined by the whole turned frame and crossed a table's gap.
    parts.push({ ...reading, box: frameBox(frame), frame: { ...frame, angle: cuts[i]!.angle } });
  });
  return joinRows(bridgeBlanks(grey, parts, (part) => nextOnRow(parts, part)));
}

/** The nearest part that continues `part`'s row to its right, close enough to hold an answer blank. */
function nextOnRow(parts: readonly ReadPart[], part: ReadPart): ReadPart | undefined {
  let nearest: ReadPart | undefined;
  for (const other of parts) {
    if (other === part || offRow(part, other, ANSWER_BLANKS.maxLength) === undefined) continue;
    if (!nearest || other.box.x0 < nearest.box.x0) nearest = other;
  }
  return nearest;
}

/** Characters read, spaces not counted. */
const letters = (text: string) => text.replace(/\s/gu, '').length;

/**
 * Long lines read unsurely read again, cut `REREAD_WIDE.stretch` times as wide: small print
 * boxed thick leaves the recogniser one step a letter, too few, and it drops letters ("bemain",
 * "an aj." for a whole sentence); cut wider, each letter has two. The wider reading is kept
 * when it read more characters (what was dropped) and is surer by the sum of its mean (a line
 * that fell apart reads at a lower mean) and its least sure character. With as
 * many characters it is not: widened, a table's "|" reads "I" and Chinese gains spaces. Only
 * unsure long lines: a line read surely, or a word, is as it was.
 */
async function rereadWide(
  models: ModelSessions,
  grey: Pixels,
  frames: readonly LineFrame[],
  cut: readonly LineFrame[],
  strips: readonly Strip[],
  readings: (Reading | undefined)[],
): Promise<void> {
  for (const [i, reading] of readings.entries()) {
    const frame = frames[i]!;
    if (!reading || reading.least >= REREAD_WIDE.unsure) continue;
    if (frame.length < REREAD_WIDE.minLength * frame.thickness) continue;
    const { lineHeight } = strips[i]!;
    const wide = cutStrip(grey, cut[i]!, READ.modelHeight, REREAD_WIDE.stretch);
    const again = await readStrip(models, lineHeight ? { ...wide, lineHeight } : wide);
    if (
      letters(again.text) > letters(reading.text) &&
      again.confidence + again.least > reading.confidence + reading.least
    )
      readings[i] = again;
  }
}

/** A reader of line strips: one reading for each strip, in order (undefined: nothing read). */
export type ReadStrips = (strips: readonly Strip[]) => Promise<(Reading | undefined)[]>;

/** Each strip read by PaddleOCR's recognition model. */
async function recogniseStrips(models: ModelSessions, strips: readonly Strip[]): Promise<Reading[]> {
  const readings: Reading[] = [];
  for (const strip of strips) readings.push(await readStrip(models, strip));
  return readings;
}

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

/**
 * Strips read by a page reader (Tesseract, for scripts the recognition model has not: Tamil):
 * stacked into one page, each line it reads given to the strip its middle falls in, with the
 * reader's confidence (it has no per-character probabilities: `least` is the same).
 */
export function readStacked(recognize: (png: Buffer) => Promise<OcrLine[]>): ReadStrips {
  return async (strips) => {
    if (strips.length === 0) return [];
    const { png, rows } = await stackStrips(strips, READ_LINES.stackGap);
    const lines = await recognize(png);
    const found: (OcrLine[] | undefined)[] = strips.map(() => undefined);
    for (const line of lines) {
      const middle = (line.box.y0 + line.box.y1) / 2;
      const at = rows.findIndex((r) => middle >= r.y0 && middle < r.y1);
      if (at >= 0) (found[at] ??= []).push(line);
    }
    return found.map((own) => {
      if (!own) return undefined;
      own.sort((a, b) => a.box.x0 - b.box.x0);
      const length = own.reduce((sum, l) => sum + l.text.length, 0);
      const confidence = own.reduce((sum, l) => sum + l.confidence * l.text.length, 0) / Math.max(1, length);
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
