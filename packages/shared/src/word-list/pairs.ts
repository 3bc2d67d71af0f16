import type { Piece } from './piece.js';
import { LIST_ENTRIES, LOST_DASH_WORDS, PAIRED_LIST_SHARE } from './thresholds.js';

/* Words and their meanings ("bunga - flower"): the pairs as a list's structure, and the pairs OCR broke. */

/**
 * In a numbered list of words and their meanings, a numbered line whose dash OCR lost
 * ("4. favourite liked the most" among "3. bicycle — a two-wheeled vehicle") keeps its first
 * word, for review: the rest is its meaning.
 */
export function lostDashes(pieces: Piece[]): Piece[] {
  const numbered = pieces.filter((piece) => piece.marked && !piece.item);
  const paired = numbered.filter((piece) => piece.paired).length;
  if (paired < LIST_ENTRIES || paired < PAIRED_LIST_SHARE * numbered.length) return pieces;
  return pieces.map((piece) => {
    const words = piece.text.split(/\s+/u);
    if (!piece.marked || piece.paired || piece.item || words.length < LOST_DASH_WORDS) return piece;
    return { ...piece, text: words[0]!, prose: false, doubtful: true };
  });
}

/** A line's first word, then a lone letter a table's border is read as, then more words. */
const BORDER_AS_LETTER = /^([\p{L}\p{M}'’-]+)\s+[Il!]\s+(?=\p{L})/u;
/** The same, the space after it lost: "business Ibuying and selling" (a meaning starts in lower case). */
const BORDER_AS_CAPITAL = /^([\p{L}\p{M}'’-]+)\s+[I!](?=\p{Ll})/u;
/** A line's first word, then the border read as one. */
const BORDER_AFTER_WORD = /^[\p{L}\p{M}'’-]+\s*[|｜]\s*\p{L}/u;

/**
 * On a page of "word | meaning" rows, a lone "I", "l" or "!" after a line's first word is the
 * border the recogniser misread ("pressure I a pushing force", or "business Ibuying and
 * selling" once the page has shown it): it becomes "|" again, so the line pairs. Only when
 * such lines and the rows whose border was read are a list's worth: a line or two of "Today I
 * went home" is a story's.
 */
export function lostBorders<Line extends { text: string }>(lines: readonly Line[]): Line[] {
  const misread = lines.filter((line) => BORDER_AS_LETTER.test(line.text)).length;
  const read = lines.filter((line) => BORDER_AFTER_WORD.test(line.text)).length;
  if (misread === 0 || misread + read < LIST_ENTRIES) return [...lines];
  return lines.map((line) => {
    const text = line.text.replace(BORDER_AS_LETTER, '$1 | ').replace(BORDER_AS_CAPITAL, '$1 | ');
    return text === line.text ? line : { ...line, text };
  });
}

/** "ikan-fish": a word and its meaning whose spaces around the dash OCR lost. */
const HYPHENED = /^([\p{L}\p{M}'’]+)-+([\p{L}\p{M}'’][\p{L}\p{M}'’ ]*)$/u;

/**
 * On a page of words and meanings (`PAIRED_LIST_SHARE` of the lines that are not prose, and a
 * list's worth), a line of two words joined by a hyphen is one more pair whose spaces OCR lost
 * ("ikan-fsh" among "bunga - flower"): its word is the first. Not a word doubled or grown
 * from itself (Malay's "kanak-kanak", "buah-buahan"), which is one word.
 */
export function lostSpaces(pieces: Piece[]): Piece[] {
  const candidates = pieces.filter((piece) => !piece.prose);
  const paired = candidates.filter((piece) => piece.paired).length;
  if (paired < LIST_ENTRIES || paired < PAIRED_LIST_SHARE * candidates.length) return pieces;
  return pieces.map((piece) => {
    const [, word, meaning] = HYPHENED.exec(piece.text) ?? [];
    if (piece.prose || piece.paired || piece.item || !word || !meaning) return piece;
    if (meaning.toLocaleLowerCase().startsWith(word.toLocaleLowerCase())) return piece;
    return { ...piece, text: word, paired: true };
  });
}

/**
 * An unnumbered list of words and their meanings ("bunga - flower" a line): from the first
 * "word — meaning" line to the last, when they are a list's worth and at least
 * `PAIRED_LIST_SHARE` of the lines that are not prose. The pairs are the structure a number
 * would be: what lies outside them (the school's name, a title) is not the list.
 */
export function pairedSpan(pieces: readonly Piece[]): [number, number] | undefined {
  const paired = pieces.filter((piece) => piece.paired && !piece.prose).length;
  const candidates = pieces.filter((piece) => !piece.prose).length;
  if (paired < LIST_ENTRIES || paired < PAIRED_LIST_SHARE * candidates) return undefined;
  return [pieces.findIndex((piece) => piece.paired), pieces.findLastIndex((piece) => piece.paired)];
}
