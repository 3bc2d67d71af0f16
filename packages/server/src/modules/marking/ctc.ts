/**
 * Scoring a given reading under a CTC recogniser's output (the forced-alignment probability):
 * the sum over every path of frames that collapses to that text. Log space throughout.
 */
export interface CtcOutput {
  /** log p(class | frame), frame-major: steps × classes. */
  logp: Float32Array;
  steps: number;
  classes: number;
}

const NEG = -1e30;

function logAdd(a: number, b: number): number {
  if (a === NEG) return b;
  if (b === NEG) return a;
  return a > b ? a + Math.log1p(Math.exp(b - a)) : b + Math.log1p(Math.exp(a - b));
}

/** log P(labels | frames); class 0 is CTC's blank. */
export function ctcLogProb({ logp, steps, classes }: CtcOutput, labels: readonly number[]): number {
  const s = 2 * labels.length + 1;
  const label = (i: number) => (i % 2 === 0 ? 0 : labels[(i - 1) / 2]!);
  let alpha = new Float64Array(s).fill(NEG);
  alpha[0] = logp[0]!;
  if (s > 1) alpha[1] = logp[label(1)]!;
  for (let t = 1; t < steps; t++) {
    const next = new Float64Array(s).fill(NEG);
    const row = t * classes;
    for (let i = 0; i < s; i++) {
      let a = alpha[i]!;
      if (i >= 1) a = logAdd(a, alpha[i - 1]!);
      if (i >= 2 && i % 2 === 1 && label(i) !== label(i - 2)) a = logAdd(a, alpha[i - 2]!);
      next[i] = a === NEG ? NEG : a + logp[row + label(i)]!;
    }
    alpha = next;
  }
  return s > 1 ? logAdd(alpha[s - 1]!, alpha[s - 2]!) : alpha[0]!;
}

/** log P(c) for every single-character reading c at once (index 0: the empty reading). */
export function singleCharLogProbs({ logp, steps, classes }: CtcOutput): Float64Array {
  // Paths: blanks, then c one or more times, then blanks.
  let before = 0; // log P(all blanks so far)
  let inC = new Float64Array(classes).fill(NEG);
  let after = new Float64Array(classes).fill(NEG);
  for (let t = 0; t < steps; t++) {
    const row = t * classes;
    const blank = logp[row]!;
    const nextIn = new Float64Array(classes);
    const nextAfter = new Float64Array(classes);
    for (let c = 1; c < classes; c++) {
      const p = logp[row + c]!;
      nextIn[c] = logAdd(t === 0 ? 0 : before, inC[c]!) + p;
      if (t === 0) nextIn[c] = p;
      nextAfter[c] = logAdd(inC[c]!, after[c]!) + blank;
    }
    before += blank;
    inC = nextIn;
    after = nextAfter;
  }
  const out = new Float64Array(classes);
  out[0] = before;
  for (let c = 1; c < classes; c++) out[c] = logAdd(inC[c]!, after[c]!);
  return out;
}

/** The likeliest frame-by-frame reading, repeats merged and blanks dropped, as class indices. */
export function bestPath({ logp, steps, classes }: CtcOutput): number[] {
  const out: number[] = [];
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    for (let c = 1; c < classes; c++) if (logp[t * classes + c]! > logp[t * classes + best]!) best = c;
    if (best !== 0 && best !== previous) out.push(best);
    previous = best;
  }
  return out;
}
