import type { Piece } from './piece.js';
import { wordCount } from './prose.js';

/* A chat's messages: which of them hold the list. */

/** A piece of one word, not an item of a line of several nor prose. */
const oneWord = (piece: Piece): boolean => !piece.item && !piece.prose && wordCount(piece.text) <= 1;

/** Whether the bubble starting at `pieces[at]` (a break before it) holds only one-word pieces. */
function oneWordBubble(pieces: readonly Piece[], at: number): boolean {
  const end = pieces.findIndex((piece, i) => i > at && piece.breakBefore);
  return pieces.slice(at, end === -1 ? undefined : end).every(oneWord);
}

/**
 * In a chat, the lines a label introduces ("Spelling words:"), to the end of its message; or,
 * when the list was sent a word a bubble ("Perkataan ejaan:", then "bunga" 16:10, "tinggi"
 * 18:32…), through the same sender's bubbles of one-word lines (only a time between them), to
 * the first bubble of another kind. A bubble may hold several such lines: a time the reader
 * lost joins two bubbles.
 */
export function introduced(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  let inRun = false;
  let wordByBubble = false;
  pieces.forEach((piece, i) => {
    if (piece.afterLeadIn) {
      inRun = true;
      wordByBubble = oneWordBubble(pieces, i);
    } else if (piece.prose) inRun = false;
    else if (piece.breakBefore)
      inRun = inRun && wordByBubble && piece.timeOnly === true && oneWordBubble(pieces, i);
    if (inRun && !piece.prose) out.push(piece);
  });
  return out;
}

/**
 * The lines that are not prose of the message (pieces between two chat breaks) that holds
 * more of them than any other, when one does; undefined when no message stands out.
 */
export function longestMessage(pieces: readonly Piece[]): Piece[] | undefined {
  const messages: Piece[][] = [];
  for (const piece of pieces) {
    if (piece.breakBefore || messages.length === 0) messages.push([]);
    if (!piece.prose || piece.marked) messages.at(-1)!.push(piece);
  }
  const sizes = messages.map((message) => message.length).sort((a, b) => b - a);
  const [most = 0, next = 0] = sizes;
  return most > next ? messages.find((message) => message.length === most) : undefined;
}
