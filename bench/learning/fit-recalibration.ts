/**
 * A recalibration map for "Likely N" (issue 34, branch predict5), fitted and measured; not
 * shipped (docs/learning.md, "A recalibration map, tried"):
 * `npx tsx bench/learning/fit-recalibration.ts [children, default 60] [seeds, default 0,2,3]`.
 * Tuning seeds only: it refuses the held-out seeds 1 and 4. Every list's prediction the evening
 * before, as the app makes it, is paired with the words the child was expected to get right that
 * day (the mean of their true chances, not the draw: less noise for the same fit), pooled over
 * the four learner families and both parents. For each kind of evidence (no test result recorded
 * yet, or some) the map through the shares 0, 0.1, …, 1 is the least-squares fit of a
 * piecewise-linear curve with a penalty on its bends (SMOOTHING), made non-decreasing. It prints
 * the table, then the rows (bias, MAE, worst "Likely N") with the map fitted on all the seeds
 * given and with each seed's map fitted on the others (leave one seed out). The range is not
 * moved here (its column is the predictor's own).
 */
import { FAMILIES } from './families.js';
import { predictionRows, predictionTable, runPredictions, type PredictionCase } from './predictions.js';

const children = Number(process.argv[2] ?? 60);
const seeds = (process.argv[3] ?? '0,2,3').split(',').map(Number);
if (seeds.some((seed) => seed === 1 || seed === 4))
  throw new Error('seeds 1 and 4 are held out: fit on the tuning seeds (0, 2, 3)');

/** The penalty on the second differences of the knots, against the cases' squared error (per case). */
const SMOOTHING = 3;
const KNOTS = 11;
const WORDS = 10;

function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const a = matrix.map((row, i) => [...row, vector[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r]![col]! / a[col]![col]!;
      for (let c = col; c <= n; c++) a[r]![c]! -= f * a[col]![c]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

/** The piecewise-linear map's knots from (share predicted, share expected) pairs. */
function fitKnots(pairs: readonly { x: number; y: number }[]): number[] {
  const identity = Array.from({ length: KNOTS }, (_, i) => i / (KNOTS - 1));
  const m = identity.map(() => identity.map(() => 0));
  const v = identity.map(() => 0);
  for (const { x, y } of pairs) {
    const at = Math.min(1, Math.max(0, x)) * (KNOTS - 1);
    const i = Math.min(KNOTS - 2, Math.floor(at));
    const basis = [
      [i, 1 - (at - i)],
      [i + 1, at - i],
    ] as const;
    for (const [j, bj] of basis) {
      v[j]! += bj * y;
      for (const [k, bk] of basis) m[j]![k]! += bj * bk;
    }
  }
  // Bends cost SMOOTHING; a knot no case reaches stays near the identity (a tiny ridge).
  for (let j = 0; j + 2 < KNOTS; j++) {
    const d = [j, j + 1, j + 2];
    const w = [1, -2, 1];
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) m[d[a]!]![d[b]!]! += SMOOTHING * w[a]! * w[b]!;
  }
  identity.forEach((x, j) => {
    m[j]![j]! += 1e-3;
    v[j]! += 1e-3 * x;
  });
  const knots = solve(m, v);
  let floor = 0;
  return knots.map((k) => (floor = Math.min(1, Math.max(floor, k))));
}

const started = performance.now();
const bySeed = seeds.map((seed) => runPredictions(seed, children, FAMILIES).filter((c) => c.practised));
const round3 = (n: number) => Math.round(n * 1000) / 1000;
/** In the simulation every test's result is recorded: a list's index is the results before it. */
const tested = (c: PredictionCase) => c.list > 0;
function fitMap(cases: readonly PredictionCase[]) {
  const pairsOf = (evidence: boolean) =>
    cases
      .filter((c) => tested(c) === evidence)
      .map((c) => ({ x: c.expected / WORDS, y: c.trueExpected / WORDS }));
  return { untested: fitKnots(pairsOf(false)).map(round3), tested: fitKnots(pairsOf(true)).map(round3) };
}
function mapped(map: ReturnType<typeof fitMap>, c: PredictionCase): PredictionCase {
  const knots = tested(c) ? map.tested : map.untested;
  const at = Math.min(1, Math.max(0, c.expected / WORDS)) * (KNOTS - 1);
  const i = Math.min(KNOTS - 2, Math.floor(at));
  const share = knots[i]! + (at - i) * (knots[i + 1]! - knots[i]!);
  return { ...c, expected: Math.round(share * WORDS * 10) / 10 };
}
const all = bySeed.flat();
/** The least-squares slope of the expected words right on the prediction: 1 when calibrated. */
function slope(cases: readonly PredictionCase[]) {
  const mx = cases.reduce((sum, c) => sum + c.expected, 0) / cases.length;
  const my = cases.reduce((sum, c) => sum + c.trueExpected, 0) / cases.length;
  let sxy = 0;
  let sxx = 0;
  for (const c of cases) {
    sxy += (c.expected - mx) * (c.trueExpected - my);
    sxx += (c.expected - mx) ** 2;
  }
  return (sxy / sxx).toFixed(2);
}
const groups = [...new Set(all.map((c) => `${c.family}, ${c.parent}`))];
const slopes = [
  '| Lists | Slope | … no result yet | … with results |',
  '|---|---|---|---|',
  ...[
    ['All, pooled', all] as const,
    ...groups.map((g) => [g, all.filter((c) => `${c.family}, ${c.parent}` === g)] as const),
  ].map(
    ([name, cases]) =>
      `| ${name} | ${slope(cases)} | ${slope(cases.filter((c) => !tested(c)))} | ${slope(cases.filter(tested))} |`,
  ),
].join('\n');
const map = fitMap(all);
const heldBySeed = bySeed.flatMap((cases, s) => {
  const others = fitMap(bySeed.filter((_, t) => t !== s).flat());
  return cases.map((c) => mapped(others, c));
});
process.stdout.write(
  `Seeds ${seeds.join(', ')}, ${children} children per family, parent and seed; ${all.length} lists.\n\n` +
    `untested: [${map.untested.join(', ')}]\ntested: [${map.tested.join(', ')}]\n\n` +
    `Expected words right against the prediction, by family and parent:\n\n${slopes}\n\n` +
    `As shipped (no map):\n\n${predictionTable(predictionRows(all))}\n\n` +
    `The map fitted on these seeds:\n\n${predictionTable(predictionRows(all.map((c) => mapped(map, c))))}\n\n` +
    `Each seed with the map fitted on the others:\n\n${predictionTable(predictionRows(heldBySeed))}\n\n` +
    `Ran in ${((performance.now() - started) / 1000).toFixed(0)} s.\n`,
);
