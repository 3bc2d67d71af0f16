import type { Language } from '../languages.js';
import { stripMarker } from './markers.js';
import { isHeaderRow } from './page-chrome.js';
import { isProse, wordCount } from './prose.js';
import { hasOwnScript } from './scripts.js';
import { splitItems } from './separators.js';
import {
  COLUMN_MIN_LINES,
  HAN_PER_WORD,
  MEANING_COLUMN_RATIO,
  MEANINGS_BESIDE,
  SAME_ROW_OVERLAP,
  SPANNING_LINE,
  STORY_SHARE,
} from './thresholds.js';
import type { ListLineBox, RecognisedLine } from './types.js';

/*
 * What the layout says, when the recogniser gives boxes: which lines form columns, a story
 * page beside the list (a column of prose), and a column of meanings beside a column of words.
 */

/** Input indices in reading order: by the detector's column and order when it gave them. */
export function readingOrder(lines: readonly RecognisedLine[]): number[] {
  const indices = lines.map((_, i) => i);
  if (!lines.some((line) => line.column !== undefined || line.order !== undefined)) return indices;
  return indices.sort(
    (a, b) =>
      (lines[a]!.column ?? 0) - (lines[b]!.column ?? 0) ||
      (lines[a]!.order ?? a) - (lines[b]!.order ?? b) ||
      a - b,
  );
}

interface Column {
  x0: number;
  x1: number;
  members: number[];
}

/** Lines side by side: clusters of lines whose horizontal extents overlap. */
function columnsOf(lines: readonly RecognisedLine[]): Column[] {
  const boxed = lines.flatMap((line, i) => (line.box ? [{ i, box: line.box }] : []));
  if (boxed.length === 0) return [];
  const left = Math.min(...boxed.map((b) => b.box.x0));
  const right = Math.max(...boxed.map((b) => b.box.x1));
  const narrow = boxed
    .filter((b) => b.box.x1 - b.box.x0 <= SPANNING_LINE * (right - left))
    .sort((a, b) => a.box.x0 - b.box.x0);
  const columns: Column[] = [];
  for (const { i, box } of narrow) {
    const column = columns.at(-1);
    if (column && box.x0 < column.x1) {
      column.x1 = Math.max(column.x1, box.x1);
      column.members.push(i);
    } else columns.push({ x0: box.x0, x1: box.x1, members: [i] });
  }
  return columns;
}

/** Two boxes on one row: they overlap by `SAME_ROW_OVERLAP` of the lower one's height. */
export const sameRow = (a: ListLineBox, b: ListLineBox): boolean =>
  Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > SAME_ROW_OVERLAP * Math.min(a.y1 - a.y0, b.y1 - b.y0);

/** How long a cell is: its words, and its Chinese characters counted as words. */
const size = (text: string) => wordCount(text) + (text.match(/\p{Script=Han}/gu)?.length ?? 0) / HAN_PER_WORD;
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

/** Words a header cell holds at most ("Draw the picture"). */
const HEADER_CELL_WORDS = 3;

/** A table's header over its column of words, in the four languages. */
const WORD_HEADER = /(?:^|\s)(?:words?|spellings?|perkataan|ejaan|词语|生字|சொற்கள்|சொல்)$/iu;
/** A table's header over its column of meanings: what is under it is never an entry. */
const MEANING_HEADER = /^(?:meanings?|definitions?|maksud|erti|意思|解释|பொருள்)[:：]?$/iu;

/**
 * Lines under a "Meaning" header that stands to the right of a "Word" header on its row: the
 * table's column of meanings, in whatever script (a Malay list glossed in English has both in
 * Latin letters, so only the header tells the columns apart). A cell belongs to the column
 * when it starts no further left than the header, less the header's height (a tilted photo).
 */
export function meaningColumnDrops(lines: readonly RecognisedLine[]): Set<number> {
  const drops = new Set<number>();
  lines.forEach((header, h) => {
    if (!header.box || !MEANING_HEADER.test(header.text.trim())) return;
    const top = header.box;
    const word = lines.find(
      (line) =>
        line.box && line.box.x1 <= top.x0 && sameRow(line.box, top) && WORD_HEADER.test(line.text.trim()),
    );
    if (!word) return;
    const edge = top.x0 - (top.y1 - top.y0);
    drops.add(h);
    lines.forEach((line, i) => {
      if (line.box && line.box.y0 >= (top.y0 + top.y1) / 2 && line.box.x0 >= edge) drops.add(i);
    });
  });
  return drops;
}

/**
 * Input indices the layout rules out: every line of a column that is mostly prose (a story
 * page beside the list, with its title and page number), and a column of meanings in the
 * set's script whose rows sit beside a column of words.
 */
export function layoutDrops(lines: readonly RecognisedLine[], language: Language | undefined): Set<number> {
  const drops = meaningColumnDrops(lines);
  // A short cell on the row of a table's header ("Perkataan" | "Lukis gambar") is a header too.
  for (const header of lines)
    // A numbered line is an entry even when its word is a header's ("9. sentence").
    if (header.box && !/^\s*[(（]?\d/u.test(header.text) && isHeaderRow(header.text))
      lines.forEach((line, i) => {
        if (line.box && sameRow(line.box, header.box!) && wordCount(line.text) <= HEADER_CELL_WORDS)
          drops.add(i);
      });
  const columns = columnsOf(lines).filter((c) => c.members.length >= COLUMN_MIN_LINES);
  if (columns.length < 2) return drops;
  const text = (i: number) => lines[i]!.text;
  // A numbered line is a list's, however long ("Q8. describe — to say what something is like");
  // so is a line of words separated by commas ("certain, kitchen, particular"), though its
  // commas would make it a sentence's clauses.
  const storyLine = (i: number) =>
    isProse(text(i)) && !stripMarker(text(i), i).marked && splitItems(text(i), false) === undefined;
  const story = columns.filter((c) => c.members.filter(storyLine).length >= STORY_SHARE * c.members.length);
  if (story.length < columns.length)
    for (const column of story)
      lines.forEach((line, i) => {
        if (line.box && line.box.x0 >= column.x0 && line.box.x1 <= column.x1) drops.add(i);
      });
  const rest = columns.filter((c) => !story.includes(c));
  for (let k = 1; k < rest.length; k++) {
    const [words, meanings] = [rest[k - 1]!, rest[k]!];
    const beside = meanings.members.filter((m) =>
      words.members.some((w) => sameRow(lines[w]!.box!, lines[m]!.box!)),
    );
    const inScript = meanings.members.every((m) => hasOwnScript(text(m), language));
    if (
      inScript &&
      beside.length >= MEANINGS_BESIDE * meanings.members.length &&
      mean(meanings.members.map((m) => size(text(m)))) >=
        MEANING_COLUMN_RATIO * mean(words.members.map((w) => size(text(w))))
    )
      for (const m of meanings.members) drops.add(m);
  }
  return drops;
}
