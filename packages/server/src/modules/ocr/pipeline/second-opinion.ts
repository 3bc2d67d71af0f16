import { normaliseWord } from '@spellwell/shared';
import type { OcrLine } from '../worker-lane.js';
import type { Pixels } from './detect-text.js';
import { evenLight } from './even-light.js';
import type { Strip } from './line-strips.js';
import { readStacked } from './read-lines.js';
import { SECOND_OPINION } from './thresholds.js';

/** An entry of the detector's reading: its text and the line it came from, in the page's pixels. */
export interface EntryToCheck {
  text: string;
  line: Pick<OcrLine, 'box'>;
}

const key = (word: string) => normaliseWord(word).toLocaleLowerCase();

const LETTER_AT_END = /[\p{L}\p{M}]$/u;
const LETTER_AT_START = /^[\p{L}\p{M}]/u;

/** Whether `word` stands whole in `text`: no letter of `text` runs on from either end of it. */
export function standsIn(word: string, text: string): boolean {
  const [needle, hay] = [key(word), key(text)];
  if (needle === '') return false;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    if (!LETTER_AT_END.test(hay.slice(0, at)) && !LETTER_AT_START.test(hay.slice(at + needle.length)))
      return true;
  }
  return false;
}

/**
 * The line `box` cut from the upright grey page, with white room around the letters
 * (`SECOND_OPINION.margin`: the detector's box hugs them), its light evened.
 */
export function cutBox(grey: Pixels, box: OcrLine['box']): Strip {
  const height = box.y1 - box.y0;
  const [across, down] = [SECOND_OPINION.margin.across * height, SECOND_OPINION.margin.down * height];
  const x0 = Math.max(0, Math.floor(box.x0 - across));
  const y0 = Math.max(0, Math.floor(box.y0 - down));
  const width = Math.max(1, Math.min(grey.width, Math.ceil(box.x1 + across)) - x0);
  const rows = Math.max(1, Math.min(grey.height, Math.ceil(box.y1 + down)) - y0);
  const data = new Uint8Array(width * rows);
  for (let row = 0; row < rows; row++)
    for (let x = 0; x < width; x++)
      data[row * width + x] = grey.data[((y0 + row) * grey.width + x0 + x) * grey.channels]!;
  // Its light evened as the recogniser's strips are: grey paper, or a shadow across the line,
  // on the stack's white reads to Tesseract as a picture, not text.
  return evenLight({ data, width, height: rows, lineHeight: height });
}

/**
 * A second reader's word on the detector's reading: every entry's line is cut from the upright
 * page, the lines stacked into one small page (read-lines.ts, as Tamil's lines are) and read by
 * Tesseract, and the reading stands when Tesseract read each entry whole on its own line
 * ("1. playground ......" holds "playground"; "different" does not hold "dlifferent"). Two
 * readers that share no model agreeing on every word is what the page reader was run to learn,
 * at the cost of the list's lines instead of a flattened page.
 */
export async function confirmedByTesseract(
  grey: Pixels,
  entries: readonly EntryToCheck[],
  recognize: (png: Buffer) => Promise<OcrLine[]>,
): Promise<boolean> {
  const readings = await readStacked(recognize)(entries.map((entry) => cutBox(grey, entry.line.box)));
  return entries.every((entry, i) => readings[i] !== undefined && standsIn(entry.text, readings[i].text));
}
