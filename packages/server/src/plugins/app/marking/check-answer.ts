import type { ModelSessions } from '../ocr/pipeline/onnx-models.js';
import { bestPath, ctcLogProb, singleCharLogProbs, type CtcOutput } from './ctc.js';
import { inkBox, type Cut, type InkBox } from './cut-boxes.js';
import { labelsOf, readBox, readBoxes, textOf } from './read-box.js';
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

/** A line through the word (a full-width band of ink) or a scribble over it (ink everywhere). */
function crossedOut(cut: Cut, box: InkBox, strike: boolean): boolean {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  if (box.count / (w * h) > MARKING.scribbleDensity) return true;
  if (!strike || w < 3 * h) return false;
  const band = Math.round(MARKING.pxPerMm * 0.8);
  const from = box.y0 + Math.round(0.2 * h);
  const to = box.y1 - Math.round(0.2 * h) - band;
  for (let y = from; y <= to; y++) {
    let covered = 0;
    for (let x = box.x0; x < box.x1; x++) {
      let any = 0;
      for (let dy = 0; dy < band && !any; dy++) any = cut.ink[(y + dy) * cut.width + x]!;
      covered += any;
    }
    if (covered / w >= MARKING.strikeCoverage) return true;
  }
  return false;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/** The misspellings a child makes of a word: one letter dropped, doubled, added, changed or swapped. */
function nearMisses(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    if (i < word.length) out.add(word.slice(0, i) + word.slice(i + 1));
    if (i < word.length - 1) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    for (const l of LETTERS) {
      out.add(word.slice(0, i) + l + word.slice(i));
      if (i < word.length) out.add(word.slice(0, i) + l + word.slice(i + 1));
    }
  }
  return out;
}

const CASES: ((s: string) => string)[] = [
  (s) => s,
  (s) => s.toLowerCase(),
  (s) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase(),
  (s) => s.toUpperCase(),
];

/** An answer on a line (English, Malay): the expected word against its likeliest rival. */
export async function checkLine(models: ModelSessions, cut: Cut, expected: string): Promise<Check> {
  const box = inkBox(cut);
  if (!box || box.count < MARKING.blankLineMm2 * MARKING.pxPerMm ** 2) return unsure('blank');
  if (crossedOut(cut, box, true)) return unsure('crossed');
  const pad = Math.round(Math.max(1.2 * MARKING.pxPerMm, 0.2 * (box.y1 - box.y0)));
  const out = await readBox(models, cut, padded(cut, box, pad), 1);
  // The case the child wrote in: the expected word's likeliest capitalisation, used for rivals too.
  let best = -Infinity;
  let caseOf = CASES[0]!;
  for (const c of CASES) {
    const labels = labelsOf(c(expected));
    if (!labels) continue;
    const lp = ctcLogProb(out, labels);
    if (lp > best) {
      best = lp;
      caseOf = c;
    }
  }
  if (best === -Infinity) return unsure('no-recogniser');
  const target = norm(expected);
  let rival = -Infinity;
  let rivalText = '';
  const consider = (text: string) => {
    if (norm(text) === target || text.trim() === '') return;
    const labels = labelsOf(text);
    if (!labels) return;
    const lp = ctcLogProb(out, labels);
    if (lp > rival) {
      rival = lp;
      rivalText = text;
    }
  };
  consider(textOf(bestPath(out)).trim());
  for (const miss of nearMisses(expected.toLowerCase())) consider(caseOf(miss));
  return decide(best - rival, 'line', rivalText);
}

/** A scribble over a 田字格 cell: ink over much of the whole cell (a bold character fills less). */
function scribbled(cut: Cut, box: InkBox): boolean {
  return box.count / (cut.width * cut.height) > MARKING.cellScribbleDensity;
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
    else if (scribbled(cut, box)) checks.push(unsure('crossed'));
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
    const outputs = await readBoxes(models, toRead, 2);
    toRead.forEach(({ index, label }, n) => (checks[index] = scoreCell(outputs[n]!, label)));
  }
  return checks as Check[];
}

function scoreCell(out: CtcOutput, label: number): Check {
  const all = singleCharLogProbs(out);
  const mine = all[label]!;
  let rival = -Infinity;
  let rivalClass = 0;
  for (let c = 1; c < all.length; c++)
    if (c !== label && all[c]! > rival) {
      rival = all[c]!;
      rivalClass = c;
    }
  let rivalText = textOf([rivalClass]);
  const greedy = bestPath(out);
  if (greedy.length > 1) {
    const lp = ctcLogProb(out, greedy);
    if (lp > rival) {
      rival = lp;
      rivalText = textOf(greedy);
    }
  }
  // Nothing read at all is doubt, not a wrong character.
  if (all[0]! > Math.max(mine, rival)) return { ...decide(mine - all[0]!, 'cell', ''), verdict: 'unsure' };
  return decide(mine - rival, 'cell', rivalText);
}
