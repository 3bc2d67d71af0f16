import type { ModelSessions } from '../ocr/pipeline/onnx-models.js';
import { nearMisses, onlyALookAlike, withoutSpecks } from './child-slips.js';
import { bestPath, ctcLogProb, singleCharLogProbs, type CtcOutput } from './ctc.js';
import { crossedOut, lineThrough, scribbled, scribbledOver, struckCell } from './crossed-out.js';
import { inkBox, withoutDashes, type Cut, type InkBox } from './cut-boxes.js';
import { labelsOf, readBoxes, textOf, type View } from './read-box.js';
import { MARKING } from './thresholds.js';

export type Verdict = 'correct' | 'wrong' | 'unsure';

export interface Check {
  verdict: Verdict;
  /** How sure: the odds of the verdict against the other, 0.5 to 1 (for unsure, of correct). */
  confidence: number;
  /** Why, for the evaluation and the logs: blank, crossed, unreadable, or the margin. */
  reason: 'blank' | 'crossed' | 'no-recogniser' | 'margin';
  /** log P(expected) − log P(best other reading); null when not scored. */
  margin: number | null;
  /** The best other reading. */
  alternative?: string;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const round = (x: number) => Math.round(x * 1000) / 1000;

function decide(margin: number, kind: 'line' | 'cell', alternative: string): Check {
  if (margin >= MARKING.correct[kind])
    return { verdict: 'correct', confidence: round(sigmoid(margin)), reason: 'margin', margin, alternative };
  if (margin <= MARKING.wrong[kind])
    return { verdict: 'wrong', confidence: round(sigmoid(-margin)), reason: 'margin', margin, alternative };
  return { verdict: 'unsure', confidence: round(sigmoid(margin)), reason: 'margin', margin, alternative };
}

const unsure = (reason: Check['reason']): Check => ({
  verdict: 'unsure',
  confidence: 0.5,
  reason,
  margin: null,
});

/** The ink box grown by a margin of paper, as the recogniser was trained on text lines. */
function padded(cut: Cut, box: InkBox, pad: number): InkBox {
  return {
    x0: Math.max(0, box.x0 - pad),
    y0: Math.max(0, box.y0 - pad),
    x1: Math.min(cut.width, box.x1 + pad),
    y1: Math.min(cut.height, box.y1 + pad),
    count: box.count,
  };
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');

const CASES: ((s: string) => string)[] = [
  (s) => s,
  (s) => s.toLowerCase(),
  (s) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase(),
  (s) => s.toUpperCase(),
];

/**
 * The views of a box the recogniser reads: the cut as it is, and stretched (light pencil made
 * black, paper grain made white). Each reading is scored under every view and the views pooled
 * (`pool`): one view's accident, a stroke too faint or a speck too dark, weighs less.
 */
const VIEWS: readonly View[] = ['plain', 'stretched'];

/** A reading's log-likelihood pooled over the views: their mean. */
function pool(scores: number[]): number {
  return scores.reduce((a, b) => a + b, 0) / scores.length;
}

/**
 * What of a line the recogniser reads, or why it is not read (blank, crossed out); `joined`
 * when the word is one piece of ink, a joined hand or a scribble over it (`scribbledOver`).
 */
export function lineToRead(whole: Cut): Check | { cut: Cut; box: InkBox; joined: boolean } {
  const inked = inkBox(whole);
  if (!inked || inked.count < MARKING.blankLineMm2 * MARKING.pxPerMm ** 2) return unsure('blank');
  if (crossedOut(whole, inked, true)) return unsure('crossed');
  const joined = scribbledOver(whole, inked);
  // What the recogniser reads: the word without the dashes a rule left beside it.
  const cut = withoutDashes(whole);
  const box = inkBox(cut);
  if (!box || box.count < MARKING.blankLineMm2 * MARKING.pxPerMm ** 2) return unsure('blank');
  // Again without the dashes: a rule's leftovers widen the word's box, so a line through the
  // word alone falls short of the share of it.
  if (lineThrough(cut, box)) return unsure('crossed');
  const pad = Math.round(Math.max(1.2 * MARKING.pxPerMm, 0.2 * (box.y1 - box.y0)));
  return { cut, box: padded(cut, box, pad), joined };
}

/** An answer on a line (English, Malay): the expected word against its likeliest rival. */
export async function checkLine(models: ModelSessions, whole: Cut, expected: string): Promise<Check> {
  const read = lineToRead(whole);
  if ('verdict' in read) return read;
  // As cut, and widened: a narrow hand gives the recogniser too few frames for every letter
  // (a thin l or i, a doubled letter's blank between), so it reads a dropped letter. Each
  // width is one batch (a batch's inputs share their width).
  const outs: CtcOutput[] = [];
  for (const widen of [1, MARKING.lineWiden])
    outs.push(
      ...(await readBoxes(
        models,
        VIEWS.map((view) => ({ cut: read.cut, box: read.box, view, widen })),
        1,
      )),
    );
  return judgeLine(outs, expected, read.joined);
}

/**
 * A reading as a child could have written it: its letters only (a '+' read for a t, a dash or
 * a dot inside, are the recogniser's eye, not the child's hand), capitals first or throughout.
 */
function childWritten(reading: string): string {
  const letters = reading.replace(/[^\p{L}]/gu, '');
  return letters === letters.toUpperCase() ? letters : letters.charAt(0) + letters.slice(1).toLowerCase();
}

/**
 * The expected word against its likeliest rival, under the recogniser's views of the line. A
 * word in one piece of ink (`joined`) is correct only by `MARKING.correct.joined`, and otherwise
 * unsure: it may be a scribble over the word.
 */
export function judgeLine(outs: CtcOutput[], expected: string, joined = false): Check {
  const score = (labels: number[]) => pool(outs.map((out) => ctcLogProb(out, labels)));
  // The case the child wrote in: the expected word's likeliest capitalisation, used for rivals too.
  let best = -Infinity;
  let caseOf = CASES[0]!;
  for (const c of CASES) {
    const labels = labelsOf(c(expected));
    if (!labels) continue;
    const lp = score(labels);
    if (lp > best) {
      best = lp;
      caseOf = c;
    }
  }
  if (best === -Infinity) return unsure('no-recogniser');
  const target = norm(expected);
  let rival = -Infinity;
  let rivalText = '';
  const seen = new Set<string>();
  const consider = (text: string) => {
    if (seen.has(text) || norm(text) === target || text.trim() === '') return;
    seen.add(text);
    const labels = labelsOf(text);
    if (!labels) return;
    // A letter no child writes in that place (g read as q) is the recogniser's eye, not a slip.
    const lp = score(labels) - (onlyALookAlike(expected, text) ? MARKING.lookAlikeOdds : 0);
    if (lp > rival) {
      rival = lp;
      rivalText = text;
    }
  };
  for (const out of outs) {
    const greedy = textOf(bestPath(out)).trim();
    const labels = labelsOf(greedy);
    // The word with a speck or a rule's dash read beside it is the word, not a rival to it.
    if (labels && greedy !== '' && norm(greedy) !== target && withoutSpecks(greedy) === target)
      best = Math.max(best, score(labels));
    // Otherwise it rivals as a child could have written it (`cangh+` as `cangh`, `CasHe` as
    // `Cashe`), as do every slip of one letter.
    else consider(childWritten(greedy));
  }
  for (const miss of nearMisses(expected.toLowerCase())) consider(caseOf(miss));
  const check = decide(best - rival, 'line', rivalText);
  if (!joined || check.margin! >= MARKING.correct.joined) return check;
  return { ...check, verdict: 'unsure', confidence: round(sigmoid(check.margin!)) };
}

/** The cell as a square (the character's own box would stretch 一 into a bar), padded to 2:1. */
const wholeCell = (cut: Cut, box: InkBox): InkBox => ({
  x0: 0,
  y0: 0,
  x1: cut.width,
  y1: cut.height,
  count: box.count,
});

/**
 * The character's own ink in a square a little larger than it, inside the cell: a small
 * character is seen at the size the recogniser learnt on, and a square keeps 一 a stroke.
 */
function squareAround(cut: Cut, box: InkBox): InkBox {
  const side = Math.min(
    cut.width,
    cut.height,
    Math.round(Math.max(box.x1 - box.x0, box.y1 - box.y0) * MARKING.closeCropMargin),
  );
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const x0 = Math.round(Math.max(0, Math.min(cut.width - side, cx - side / 2)));
  const y0 = Math.round(Math.max(0, Math.min(cut.height - side, cy - side / 2)));
  return { x0, y0, x1: x0 + side, y1: y0 + side, count: box.count };
}

/**
 * A Chinese word's 田字格 cells, each checked alone: the expected character against every other
 * one the recogniser knows. The cells worth reading are read in one batch, and those left in
 * doubt in a second one.
 */
export async function checkCells(models: ModelSessions, cuts: Cut[], expected: string[]): Promise<Check[]> {
  const checks: (Check | null)[] = [];
  const toRead: { index: number; cut: Cut; box: InkBox; label: number }[] = [];
  cuts.forEach((cut, index) => {
    const read = cellToRead(cut, expected[index] ?? '');
    if ('verdict' in read) checks.push(read);
    else {
      checks.push(null);
      toRead.push({ index, cut, ...read });
    }
  });
  if (toRead.length === 0) return checks as Check[];
  const n = VIEWS.length;
  const first = await readBoxes(
    models,
    toRead.flatMap((r) => cellViews(r.cut, r.box, 'whole')),
    2,
  );
  const doubtful: { r: (typeof toRead)[number]; outs: CtcOutput[] }[] = [];
  toRead.forEach((r, k) => {
    const outs = first.slice(k * n, (k + 1) * n);
    const check = scoreCell(outs, r.label);
    checks[r.index] = check;
    if (check.verdict === 'unsure') doubtful.push({ r, outs });
  });
  // A cell in doubt is read again, cropped close around its character, and judged on all four
  // views pooled: a small or off-centre character is then seen at the size the recogniser
  // learnt on. Only doubt is read again, so a clear cell costs nothing more.
  if (doubtful.length > 0) {
    const second = await readBoxes(
      models,
      doubtful.flatMap(({ r }) => cellViews(r.cut, r.box, 'close')),
      2,
    );
    doubtful.forEach(({ r, outs }, k) => {
      checks[r.index] = scoreCell([...outs, ...second.slice(k * n, (k + 1) * n)], r.label);
    });
  }
  return checks as Check[];
}

/** Why a cell is not read (blank, crossed out, a character the recogniser lacks), or its ink and class. */
export function cellToRead(cut: Cut, expected: string): Check | { box: InkBox; label: number } {
  const box = inkBox(cut);
  const label = labelsOf(expected);
  if (!box || box.count < MARKING.blankCellMm2 * MARKING.pxPerMm ** 2) return unsure('blank');
  if (scribbled(cut, box) || struckCell(cut, box)) return unsure('crossed');
  if (!label || label.length !== 1) return unsure('no-recogniser');
  return { box, label: label[0]! };
}

/** The views of a cell the recogniser reads: the whole cell, or a square close around its ink. */
export const cellViews = (cut: Cut, box: InkBox, crop: 'whole' | 'close') =>
  VIEWS.map((view) => ({ cut, box: crop === 'whole' ? wholeCell(cut, box) : squareAround(cut, box), view }));

export function scoreCell(outs: CtcOutput[], label: number): Check {
  const each = outs.map(singleCharLogProbs);
  const all = new Float64Array(each[0]!.length);
  for (let c = 0; c < all.length; c++) all[c] = pool(each.map((e) => e[c]!));
  const mine = all[label]!;
  let rival = -Infinity;
  let rivalClass = 0;
  for (let c = 1; c < all.length; c++)
    if (c !== label && all[c]! > rival) {
      rival = all[c]!;
      rivalClass = c;
    }
  let rivalText = textOf([rivalClass]);
  for (const out of outs) {
    const greedy = bestPath(out);
    if (greedy.length > 1) {
      const lp = pool(outs.map((o) => ctcLogProb(o, greedy)));
      if (lp > rival) {
        rival = lp;
        rivalText = textOf(greedy);
      }
    }
  }
  // Nothing read at all is doubt, not a wrong character.
  if (all[0]! > Math.max(mine, rival)) return { ...decide(mine - all[0]!, 'cell', ''), verdict: 'unsure' };
  return decide(mine - rival, 'cell', rivalText);
}
