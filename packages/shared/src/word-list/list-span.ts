import { follows } from './markers.js';
import type { Piece } from './piece.js';
import { isWordSized } from './meaning.js';
import { wordCount } from './prose.js';
import {
  ITEM_MAX_HAN,
  LIST_ENTRIES,
  MISSING_NUMBERS,
  SEPARATED_LIST_LINES,
  UNNUMBERED_IN_LIST,
} from './thresholds.js';

/*
 * A numbered list among the pieces: runs of numbered pieces, at most one unnumbered piece
 * apart (or as many as the numbers around them say are missing; across prose only when the
 * numbers follow on), never across a chat's time
 * (a later message); from the first run of three entries or more to the last. A chat's avatar
 * read as "(77)", a bullet before the member list, or a reaction read as "®" after the list
 * are numbered pieces too, but on their own.
 */
export function listSpan(pieces: readonly Piece[]): [number, number] | undefined {
  const runs: { first: number; last: number; count: number }[] = [];
  pieces.forEach((piece, i) => {
    // Numbered sentences are exercises ("1. I found ____ in the dictionary."), not entries:
    // the list they would make is not the word list (a word bank above them is).
    if (!piece.marked || piece.prose) return;
    const run = runs.at(-1);
    const between = run ? pieces.slice(run.last + 1, i) : [];
    const gap = between.length;
    // Prose between two numbers that follow on is a story page's lines read in among the
    // list's (a booklet spread read row by row), not entries whose numbers were lost: only the
    // lines that are not prose count, as entries that lost their numbers or as sheet between
    // two neighbours.
    const unnumbered = between.filter((p) => !p.prose).length;
    const joined =
      run !== undefined &&
      !pieces.slice(run.last + 1, i + 1).some((p) => p.breakBefore) &&
      (gap <= UNNUMBERED_IN_LIST ||
        (gap <= MISSING_NUMBERS && follows(pieces[run.last]!.ordinal, piece.ordinal, gap)) ||
        (unnumbered < gap &&
          unnumbered <= MISSING_NUMBERS &&
          [0, unnumbered].some((missing) => follows(pieces[run.last]!.ordinal, piece.ordinal, missing))));
    if (joined) {
      run.last = i;
      run.count++;
    } else runs.push({ first: i, last: i, count: 1 });
  });
  const lists = runs.filter((run) => run.count >= LIST_ENTRIES);
  if (lists.length > 0) return [lists[0]!.first, lists.at(-1)!.last];
  const numbered = (p: Piece) => p.marked && !p.prose;
  return pieces.filter(numbered).length >= LIST_ENTRIES
    ? [pieces.findIndex(numbered), pieces.findLastIndex(numbered)]
    : undefined;
}

/**
 * Whether an unnumbered piece lies between two entries numbered one after the other ("4.
 * bottle", "5. puddle"): no entry is missing there, so it is not one, but what is left of the
 * sheet between them (the sides of a dashed box read as "H H", a meaning under a word).
 */
export const betweenNeighbours = (previous: Piece | undefined, next: Piece | undefined): boolean =>
  previous?.marked === true && next?.marked === true && follows(previous.ordinal, next.ordinal, 0);

/**
 * The entries of a numbered list between `span`'s ends: its numbered pieces, and unnumbered
 * ones that are not sentences nor the sheet between two neighbours; those are marked doubtful
 * (their number was lost, or never there).
 */
export function numberedEntries(pieces: readonly Piece[], span: [number, number]): Piece[] {
  // A story page's prose read in among the list's lines stands between no two entries.
  const listed = pieces.slice(span[0], span[1] + 1).filter((piece) => piece.marked || !piece.prose);
  return listed.filter((piece, i) => piece.marked || !betweenNeighbours(listed[i - 1], listed[i + 1]));
}

/**
 * `span` started earlier when its first number says entries come before it ("3 roti" first,
 * a table's number cells 1 and 2 not read): as many of the pieces just before it as are
 * missing, when each is word-sized, unnumbered and of the same message. At most
 * `MISSING_NUMBERS` of them: a list starting at 9 is not one whose eight first numbers went.
 */
export function withLostFirst(pieces: readonly Piece[], span: [number, number]): [number, number] {
  const first = pieces[span[0]]!.ordinal;
  if (first?.kind !== 'number' || first.n <= 1 || first.n - 1 > MISSING_NUMBERS) return span;
  let start = span[0];
  for (let missing = first.n - 1; missing > 0; missing--) {
    const before = pieces[start - 1];
    const word = before && !before.marked && !before.prose && !before.item && isWordSized(before.text);
    if (!word || pieces[start]!.breakBefore) return span;
    start--;
  }
  return [start, span[1]];
}

/**
 * A list of words separated by commas or 、 over several lines ("pisang, kelas, kereta" then
 * "roti, murid, kawan"): from its first item to its last, when they are a list's worth on at
 * least `SEPARATED_LIST_LINES` lines. The items are the list's structure, as numbers would be:
 * the school's name and the form's labels above them are not the list.
 */
export function itemSpan(pieces: readonly Piece[]): [number, number] | undefined {
  const items = pieces.flatMap((piece, i) => (piece.item && !piece.prose ? [i] : []));
  const lines = new Set(items.map((i) => pieces[i]!.source));
  if (items.length < LIST_ENTRIES || lines.size < SEPARATED_LIST_LINES) return undefined;
  return [items[0]!, items.at(-1)!];
}

/**
 * The index of a separated list's end: its last item's, or the next piece's when that is one
 * word alone in the same message, the list's last word where its line wrapped ("exercise").
 */
export function wrappedEnd(pieces: readonly Piece[], last: number): number {
  const next = pieces[last + 1];
  const alone = next && !next.prose && !next.marked && !next.item && !next.breakBefore;
  const han = next?.text.match(/\p{Script=Han}/gu)?.length ?? 0;
  return alone && wordCount(next.text) <= 1 && han <= ITEM_MAX_HAN ? last + 1 : last;
}
