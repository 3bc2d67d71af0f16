import { loadSharp } from '../load-sharp.js';
import type { OcrLine } from '../worker-lane.js';
import { detectText, type LineFrame, type Pixels } from './detect-text.js';
import { cutStrip, frameBox, scaleFrame } from './line-strips.js';
import type { ModelSessions } from './onnx-models.js';
import { readStrip } from './recognise.js';
import { READ, READ_LINES } from './thresholds.js';

/** One line the detector found on the upright page and the recogniser read, in the page's pixels. */
export interface ReadPart {
  text: string;
  confidence: number;
  /** The least sure character's probability, 0 to 100 (recognise.ts). */
  least: number;
  box: OcrLine['box'];
  /** The turned rectangle it was read from: a row is followed along its direction. */
  frame: LineFrame;
}

/** A list number or letter alone in its box: a table's number cell, "3.", "(b)". */
const MARKER = /^[(（[]?(?:\d{1,3}|[a-z]|[一二三四五六七八九十]{1,3})[.)）、:：]?$/iu;

/**
 * How far `part` sits off the line that `last` runs along, followed to it (a fraction of the
 * thinner one's thickness), or undefined when it is not the next part of that line: it must
 * start after `last` ends (a little overlap allowed), within `gap` thicknesses. Followed only
 * part to part: across a curled page a row's far end drifts from where its start points.
 */
function offRow(last: ReadPart, part: ReadPart, gap: number): number | undefined {
  const [a, b] = [last.frame, part.frame];
  const thickness = Math.min(a.thickness, b.thickness);
  const space = part.box.x0 - last.box.x1;
  if (space < -0.5 * thickness || space > gap * Math.max(a.thickness, b.thickness)) return undefined;
  const expected = a.cy + Math.tan(a.angle) * (b.cx - a.cx);
  const off = Math.abs(b.cy - expected) / thickness;
  return off < 0.5 ? off : undefined;
}

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
      const gap = row.length === 1 && MARKER.test(last.text) ? READ_LINES.markerGap : READ_LINES.joinGap;
      const off = offRow(last, part, gap);
      if (off !== undefined && (!best || off < best.off)) best = { row, off };
    }
    if (best) best.row.push(part);
    else rows.push([part]);
  }
  const lines = rows.map((current): OcrLine => {
    const box = {
      x0: Math.min(...current.map((p) => p.box.x0)),
      y0: Math.min(...current.map((p) => p.box.y0)),
      x1: Math.max(...current.map((p) => p.box.x1)),
      y1: Math.max(...current.map((p) => p.box.y1)),
    };
    const length = current.reduce((sum, p) => sum + p.text.length, 0);
    return {
      text: current.map((p) => p.text).join(' '),
      // Weighted by length: a long word read surely outweighs a doubtful mark beside it.
      confidence: current.reduce((sum, p) => sum + p.confidence * p.text.length, 0) / Math.max(1, length),
      least: Math.min(...current.map((p) => p.least)),
      rowHeight: Math.max(...current.map((p) => p.frame.thickness)),
      box,
      words: current.map((p) => ({ text: p.text, confidence: p.confidence, box: p.box })),
    };
  });
  return lines.sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
}

/**
 * The text lines of an upright grey page read without a page reader: PaddleOCR's detector
 * finds each line (on a screen, a chat, a curled page, in any layout), each is cut out level
 * along its own direction (line-strips.ts) and read by the recognition model. For pages the
 * page reader reads poorly: it needs no page found, no rules removed, no print size guessed.
 */
export async function readDetectedLines(models: ModelSessions, grey: Pixels): Promise<OcrLine[]> {
  const sharp = await loadSharp();
  const scale = Math.min(1, READ_LINES.longestSide / Math.max(grey.width, grey.height));
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
  const parts: ReadPart[] = [];
  for (const box of boxes) {
    const frame = scaleFrame(box, 1 / scale);
    const longest = READ_LINES.longestLine * frame.thickness;
    if (frame.length > longest) frame.length = longest;
    const strip = cutStrip(grey, frame, READ.modelHeight);
    const reading = await readStrip(models, strip);
    if (reading.text === '') continue;
    parts.push({
      text: reading.text,
      confidence: reading.confidence,
      least: reading.least,
      box: frameBox(frame),
      frame,
    });
  }
  return joinRows(parts);
}
