import type { Pixels } from './detect-text.js';
import { cutStrip } from './line-strips.js';
import type { ReadPart } from './read-lines.js';
import { ANSWER_BLANKS } from './thresholds.js';

/**
 * Whether the page between the end of `last` and the start of `next` (two parts on one row,
 * `last` on the left) holds an answer blank: a rule along the row's lower part with no letters
 * above it. The detector finds no text on a rule, so "1. I found ______ in the dictionary."
 * comes out as two parts; without the blank the list stage takes "I found" for an entry.
 */
export function blankBetween(grey: Pixels, last: ReadPart, next: ReadPart): boolean {
  const a = last.frame;
  const [c, s] = [Math.cos(a.angle), Math.sin(a.angle)];
  const along = (x: number, y: number) => (x - a.cx) * c + (y - a.cy) * s;
  const from = a.length / 2;
  const to = along(next.frame.cx, next.frame.cy) - next.frame.length / 2;
  const length = to - from;
  if (length < ANSWER_BLANKS.minLength * a.thickness || length > ANSWER_BLANKS.maxLength * a.thickness)
    return false;
  const middle = (from + to) / 2;
  const height = Math.max(8, Math.round(a.thickness));
  const strip = cutStrip(grey, { ...a, cx: a.cx + middle * c, cy: a.cy + middle * s, length }, height);
  let paper = 0;
  for (const v of strip.data) if (v > paper) paper = v;
  const darkShare = (row: number) => {
    let dark = 0;
    for (let x = 0; x < strip.width; x++)
      if (strip.data[row * strip.width + x]! < ANSWER_BLANKS.inkShare * paper) dark++;
    return dark / strip.width;
  };
  const rows = Array.from({ length: height }, (_, row) => darkShare(row));
  const half = Math.floor(height / 2);
  // Letters above the rule would be text the detector missed, not a blank.
  const clearAbove = rows.slice(0, half).every((share) => share < ANSWER_BLANKS.clear);
  const rule = rows.slice(half).some((share) => share >= ANSWER_BLANKS.rule);
  return clearAbove && rule;
}

/**
 * The parts with an answer blank ("____", where the list stage looks for one) put in each gap
 * of a row that holds one, so the row is joined across it. `nextOnRow` gives the part that
 * follows a part on its row, if any.
 */
export function bridgeBlanks(
  grey: Pixels,
  parts: readonly ReadPart[],
  nextOnRow: (part: ReadPart) => ReadPart | undefined,
): ReadPart[] {
  const bridged: ReadPart[] = [...parts];
  for (const part of parts) {
    const next = nextOnRow(part);
    if (!next || !blankBetween(grey, part, next)) continue;
    const box = {
      x0: part.box.x1,
      y0: Math.min(part.box.y0, next.box.y0),
      x1: next.box.x0,
      y1: Math.max(part.box.y1, next.box.y1),
    };
    const length = Math.max(1, box.x1 - box.x0);
    // As sure as the part before it: the blank neither raises nor lowers the row's confidence.
    bridged.push({
      text: ANSWER_BLANKS.text,
      confidence: part.confidence,
      least: part.least,
      box,
      frame: { ...part.frame, cx: (box.x0 + box.x1) / 2, cy: (box.y0 + box.y1) / 2, length },
    });
  }
  return bridged;
}
