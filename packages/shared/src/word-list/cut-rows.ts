import { sameRow } from './layout.js';
import { CUT_BLANK_MAX, CUT_OVERLAP, UNREAD_BLANK_MIN } from './thresholds.js';
import type { ListLineBox, RecognisedLine } from './types.js';

/*
 * A fill-in sentence cut at its blank. A text detector finds no text in a wide "（     ）" or on
 * a rule, so "8. 老师说（     ）很重要。" comes out as "8. 老师说 (" and "） 很重要。", and
 * "1. She ______ to school." may too: alone, the head reads as an entry and its number starts a
 * list that pushes out the word bank above. The pieces of such a row are joined again, so the
 * sentence is seen whole (prose.ts, `isFillIn`).
 */

/** An opening bracket left open at the end: the blank's start, its end in the next piece. */
const OPEN_AT_END = /[(（]\s*$/u;
/** A closing bracket first: the end of a blank that began in the piece before. */
const CLOSE_AT_START = /^\s*[)）]/u;
/** A blank first: empty brackets, a bracket opened and left, underscores, dots. */
const BLANK_AT_START = /^\s*(?:[(（]\s*(?:[)）]|$)|_{2,}|\.{4,}|…{2,})/u;
/** A blank last (empty brackets, underscores, dots). */
const BLANK_AT_END = /(?:[(（]\s*[)）]|_{2,}|\.{4,}|…{2,})\s*$/u;
/** A sentence's end: what follows a blank in a fill-in ("很重要。", "to school.", "。"). */
const SENTENCE_END = /[.!?。！？]["'”’)）]*\s*$/u;
/** A list number first ("6.", "(7)", "⑦"): the next column of a list, never a sentence's tail. */
const NUMBERED = /^\s*(?:[(（]?\d{1,3}\s*[.)、．）:]|[\u2460-\u2473])/u;

/** A numbered sentence's start: two words or more after the number ("1. Please use"), not an entry. */
const NUMBERED_SENTENCE_HEAD = /^\s*[(（]?\d{1,3}\s*[.)．）:]\s*\p{L}[\p{L}'’-]*\s+\p{L}/u;
/** A sentence going on: a lower-case word first ("in a sentence.", "twice."). */
const GOES_ON = /^\s*\p{Ll}/u;

/**
 * Whether `right`, the next piece on the row of `left` (`gap` row heights to its right), is the
 * rest of a sentence cut at its blank: the blank opens at the seam and closes after it, or the
 * sentence ends after a blank. Empty brackets alone on both sides ("星星（ ）" beside "月亮（ ）")
 * are two entries' answer brackets, not one sentence. A blank on a thin rule may not be read at
 * all ("1. Please use" and "in a sentence." with nothing between): a numbered head of two words
 * or more and, a blank's width away, a tail that goes on in lower case to a sentence's end are
 * one sentence too. One word after the number is an entry (a word and its meaning), never a head.
 */
export function cutAtBlank(left: string, right: string, gap = 0): boolean {
  if (NUMBERED.test(right)) return false;
  if (OPEN_AT_END.test(left) || CLOSE_AT_START.test(right) || BLANK_AT_START.test(right)) return true;
  if (BLANK_AT_END.test(left) && SENTENCE_END.test(right)) return true;
  return (
    gap >= UNREAD_BLANK_MIN &&
    NUMBERED_SENTENCE_HEAD.test(left) &&
    GOES_ON.test(right) &&
    SENTENCE_END.test(right)
  );
}

/** The blank put back between a sentence's pieces when none was read, so it reads as a fill-in. */
const BLANK = '____';
const hasBlank = (text: string) => BLANK_AT_END.test(text);

const height = (box: ListLineBox) => box.y1 - box.y0;

/** The piece that follows `last` on its row, to its right and within a blank's length of it. */
function nextOnRow(lines: readonly RecognisedLine[], last: ListLineBox, free: (i: number) => boolean) {
  let next: number | undefined;
  lines.forEach((line, i) => {
    const box = line.box;
    if (!box || !free(i) || !sameRow(last, box)) return;
    const row = Math.max(height(last), height(box));
    const space = box.x0 - last.x1;
    if (space < -CUT_OVERLAP * row || space > CUT_BLANK_MAX * row) return;
    if (next === undefined || box.x0 < lines[next]!.box!.x0) next = i;
  });
  return next;
}

/** Lines with the rows of fill-in sentences cut at their blanks joined; `sources` maps each back. */
export interface JoinedRows {
  lines: RecognisedLine[];
  /** For each line, the input index of its first (leftmost) piece. */
  sources: number[];
}

/**
 * The lines with each fill-in sentence cut at its blank joined again, left to right along its
 * row (boxes needed; lines without one stay as they are). A joined line keeps the place of its
 * first piece in the input, its reading order and column, and the pieces' confidence weighted
 * by their length.
 */
export function joinCutRows(lines: readonly RecognisedLine[]): JoinedRows {
  const taken = new Set<number>();
  const joined = new Map<number, RecognisedLine>();
  const byLeft = lines
    .map((_, i) => i)
    .filter((i) => lines[i]!.box)
    .sort((a, b) => lines[a]!.box!.x0 - lines[b]!.box!.x0);
  for (const head of byLeft) {
    if (taken.has(head)) continue;
    let line = lines[head]!;
    let last = line.box!;
    for (;;) {
      const next = nextOnRow(lines, last, (i) => i !== head && !taken.has(i));
      if (next === undefined) break;
      const tail = lines[next]!;
      // The lower box is the row's height: a long piece's box on a tilted photo is taller.
      const row = Math.min(height(last), height(tail.box!));
      const gap = (tail.box!.x0 - last.x1) / row;
      if (!cutAtBlank(line.text, tail.text, gap)) break;
      taken.add(next);
      const unread = !cutAtBlank(line.text, tail.text) && !hasBlank(line.text);
      line = joinTwo(unread ? { ...line, text: `${line.text.trimEnd()} ${BLANK}` } : line, tail);
      last = tail.box!;
    }
    if (line !== lines[head]) joined.set(head, line);
  }
  const sources = lines.map((_, i) => i).filter((i) => !taken.has(i));
  return { lines: sources.map((i) => joined.get(i) ?? lines[i]!), sources };
}

function joinTwo(left: RecognisedLine, right: RecognisedLine): RecognisedLine {
  const [a, b] = [left.box!, right.box!];
  const line: RecognisedLine = {
    ...left,
    text: `${left.text.trimEnd()} ${right.text.trimStart()}`,
    box: { x0: a.x0, y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) },
  };
  if (left.confidence !== undefined && right.confidence !== undefined) {
    const [m, n] = [left.text.length, right.text.length];
    line.confidence = (left.confidence * m + right.confidence * n) / Math.max(1, m + n);
  }
  return line;
}
