import type { ModelSessions } from '../ocr/pipeline/onnx-models.js';
import { nearMisses, onlyALookAlike } from './child-slips.js';
import { bestPath, ctcLogProb, singleCharLogProbs, type CtcOutput } from './ctc.js';
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

/**
 * A line through the word (a band of ink across its whole width, level or sloped as a quick
 * stroke is) or a scribble over it (ink everywhere).
 */
function crossedOut(cut: Cut, box: InkBox, strike: boolean): boolean {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  if (box.count / (w * h) > MARKING.scribbleDensity) return true;
  if (!strike || w < 3 * h) return false;
  return struckThrough(cut, box, MARKING.strikeCoverage);
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

/** An answer on a line (English, Malay): the expected word against its likeliest rival. */
export async function checkLine(models: ModelSessions, whole: Cut, expected: string): Promise<Check> {
  const inked = inkBox(whole);
  if (!inked || inked.count < MARKING.blankLineMm2 * MARKING.pxPerMm ** 2) return unsure('blank');
  if (crossedOut(whole, inked, true)) return unsure('crossed');
  // What the recogniser reads: the word without the dashes a rule left beside it.
  const cut = withoutDashes(whole);
  const box = inkBox(cut);
  if (!box || box.count < MARKING.blankLineMm2 * MARKING.pxPerMm ** 2) return unsure('blank');
  const pad = Math.round(Math.max(1.2 * MARKING.pxPerMm, 0.2 * (box.y1 - box.y0)));
  const region = padded(cut, box, pad);
  const outs = await readBoxes(
    models,
    VIEWS.map((view) => ({ cut, box: region, view })),
    1,
  );
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
  for (const out of outs) consider(textOf(bestPath(out)).trim());
  for (const miss of nearMisses(expected.toLowerCase())) consider(caseOf(miss));
  return decide(best - rival, 'line', rivalText);
}

/** A scribble over a 田字格 cell: ink over much of the whole cell (a bold character fills less). */
function scribbled(cut: Cut, box: InkBox): boolean {
  return box.count / (cut.width * cut.height) > MARKING.cellScribbleDensity;
}

/**
 * A line through a 田字格 cell: a band of ink across nearly its whole width (no cell had this
 * check before, so a struck-through character could be read as itself). A character's longest
 * stroke seldom spans so much of its cell; when one does, the cell is unsure, never correct.
 */
function struckCell(cut: Cut, box: InkBox): boolean {
  return struckThrough(
    cut,
    { x0: 0, y0: 0, x1: cut.width, y1: cut.height, count: box.count },
    MARKING.cellStrikeCoverage,
  );
}

/**
 * A Chinese word's 田字格 cells, each checked alone: the expected character against every other
 * one the recogniser knows. The cells worth reading are read in one batch.
 */
export async function checkCells(models: ModelSessions, cuts: Cut[], expected: string[]): Promise<Check[]> {
  const checks: (Check | null)[] = [];
  const toRead: { index: number; cut: Cut; box: InkBox; label: number }[] = [];
  cuts.forEach((cut, index) => {
    const box = inkBox(cut);
    const label = labelsOf(expected[index] ?? '');
    if (!box || box.count < MARKING.blankCellMm2 * MARKING.pxPerMm ** 2) checks.push(unsure('blank'));
    else if (scribbled(cut, box) || struckCell(cut, box)) checks.push(unsure('crossed'));
    else if (!label || label.length !== 1) checks.push(unsure('no-recogniser'));
    else {
      checks.push(null);
      // The cell as a square (the character's own box would stretch 一 into a bar), padded to 2:1.
      toRead.push({
        index,
        cut,
        box: { x0: 0, y0: 0, x1: cut.width, y1: cut.height, count: box.count },
        label: label[0]!,
      });
    }
  });
  if (toRead.length > 0) {
    const views = toRead.flatMap((r) => VIEWS.map((view) => ({ ...r, view })));
    const outputs = await readBoxes(models, views, 2);
    toRead.forEach(({ index, label }, n) => {
      checks[index] = scoreCell(outputs.slice(n * VIEWS.length, (n + 1) * VIEWS.length), label);
    });
  }
  return checks as Check[];
}

function scoreCell(outs: CtcOutput[], label: number): Check {
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
