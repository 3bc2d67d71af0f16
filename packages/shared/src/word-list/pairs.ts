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
