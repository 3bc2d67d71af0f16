/**
 * Whether an answer is crossed out (a line through it, a scribble over it): such an answer is
 * `unsure`, never read, so a struck-through right word is never marked correct.
 */
import type { Cut, InkBox } from './cut-boxes.js';
import { inkPieces } from './ink-pieces.js';
import { MARKING } from './thresholds.js';

/**
 * A line through the word or a scribble shading it (ink everywhere). A line is an unbroken
 * straight stroke along most of the word, however short the word (a line through the first
 * letters of a wide hand's word runs past half of it), or, on a long word, a band of ink across
 * its whole width, level or sloped as a quick stroke is. A scribble joining every letter is
 * `scribbledOver`, which a joined hand shows too: the caller decides what it costs.
 */
export function crossedOut(cut: Cut, box: InkBox, strike: boolean): boolean {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  if (box.count / (w * h) > MARKING.scribbleDensity) return true;
  if (!strike) return false;
  if (lineThrough(cut, box)) return true;
  if (w < 3 * h) return false;
  return struckThrough(cut, box, MARKING.strikeCoverage);
}

/**
 * A scribble over a word on a line, or a joined hand: one unbroken piece of ink holds nearly all
 * of it, over a box wider than a short word joined up. A scribble's zigzag runs across the whole
 * word and touches every letter, so the letters and it become one piece; a printed hand's
 * letters are pieces of their own, a joined hand's are not. On ruled lines this is what a
 * scribble shows: its zigzag stays within the word's height, so neither its density nor its
 * columns tell it from the letters (docs/marking.md). Such a word is read, and marked correct
 * only by a wider margin (`MARKING.correct.joined`): a scribble garbles what the recogniser reads.
 */
export function scribbledOver(cut: Cut, box: InkBox): boolean {
  if (box.x1 - box.x0 < MARKING.pxPerMm * MARKING.scribbleMinWidthMm) return false;
  return largestPiece(cut, box) > MARKING.scribblePieceShare * box.count;
}

/** The pixels of the largest piece of ink (8-connected) inside the box. */
function largestPiece(cut: Cut, box: InkBox): number {
  let best = 0;
  for (const piece of inkPieces(cut, box)) best = Math.max(best, piece.pixels.length);
  return best;
}

/** An unbroken straight stroke along `MARKING.strikeRunShare` of the word's width or more. */
export function lineThrough(cut: Cut, box: InkBox): boolean {
  return straightRun(cut, box) >= MARKING.strikeRunShare * (box.x1 - box.x0);
}

/**
 * The longest unbroken run of ink along a thin straight band (level or sloped) through the
 * word's middle three fifths, in pixels. A ruler-straight stroke is a line through the word;
 * a letter's own strokes (a t's bar, an e's, a join) are broken by the paper between letters.
 */
function straightRun(cut: Cut, box: InkBox): number {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const band = Math.max(1, Math.round(MARKING.pxPerMm * MARKING.strikeRunBandMm));
  const from = box.y0 + Math.round(0.2 * h);
  const to = box.y1 - Math.round(0.2 * h) - band;
  const steps = MARKING.strikeSlopeSteps;
  let best = 0;
  for (let k = -steps; k <= steps; k++) {
    const slope = (k / steps) * MARKING.strikeSlope;
    for (let y = from; y <= to; y++) {
      let run = 0;
      for (let x = 0; x < w; x++) {
        const top = Math.round(y + slope * (x - w / 2));
        let any = 0;
        for (let r = Math.max(0, top); r < Math.min(cut.height, top + band) && !any; r++)
          any = cut.ink[r * cut.width + box.x0 + x]!;
        run = any ? run + 1 : 0;
        if (run > best) best = run;
      }
    }
  }
  return best;
}

/**
 * A band of ink (a pencil line's width) over `coverage` of the box's width, somewhere in its
 * middle three fifths, level or sloped.
 */
function struckThrough(cut: Cut, box: InkBox, coverage: number): boolean {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const band = Math.round(MARKING.pxPerMm * 0.8);
  const from = box.y0 + Math.round(0.2 * h);
  const to = box.y1 - Math.round(0.2 * h) - band;
  // Column by column, the rows with ink, as bits of a prefix count for quick band sums.
  const sums = new Int32Array((cut.height + 1) * w);
  for (let x = 0; x < w; x++)
    for (let y = 0; y < cut.height; y++)
      sums[(y + 1) * w + x] = sums[y * w + x]! + cut.ink[y * cut.width + box.x0 + x]!;
  const inkIn = (x: number, y: number) => {
    const lo = Math.max(0, Math.min(cut.height, y));
    const hi = Math.max(0, Math.min(cut.height, y + band));
    return sums[hi * w + x]! - sums[lo * w + x]! > 0;
  };
  const steps = MARKING.strikeSlopeSteps;
  for (let k = -steps; k <= steps; k++) {
    const slope = (k / steps) * MARKING.strikeSlope;
    for (let y = from; y <= to; y++) {
      // The band's start at the word's middle, so a slope swings it about there.
      let covered = 0;
      for (let x = 0; x < w; x++) covered += inkIn(x, Math.round(y + slope * (x - w / 2))) ? 1 : 0;
      if (covered / w >= coverage) return true;
    }
  }
  return false;
}

/** A scribble over a 田字格 cell: ink over much of the whole cell (a bold character fills less). */
export function scribbled(cut: Cut, box: InkBox): boolean {
  return box.count / (cut.width * cut.height) > MARKING.cellScribbleDensity;
}

/**
 * A line through a 田字格 cell: a band of ink across nearly its whole width (no cell had this
 * check before, so a struck-through character could be read as itself). A character's longest
 * stroke seldom spans so much of its cell; when one does, the cell is unsure, never correct.
 */
export function struckCell(cut: Cut, box: InkBox): boolean {
  return struckThrough(
    cut,
    { x0: 0, y0: 0, x1: cut.width, y1: cut.height, count: box.count },
    MARKING.cellStrikeCoverage,
  );
}
