/**
 * Branch predict6 (issue 34, docs/learning.md "Per-child corrections for Likely N"): corrections
 * of the evening-before prediction that treat each child by their own record, scored on the
 * tuning seeds against the shipped predictor. None was shipped; this reproduces the table:
 * `npx tsx bench/learning/try-per-child.ts [children, default 30]` (seeds 0, 2 and 3 only: it
 * takes no seed, so the held-out seeds 1 and 4 cannot be tuned on). Each variant re-predicts the same simulated lists from what the
 * predictor was given, so the children and their luck are the same in every row.
 */
import {
  calibrate,
  CALIBRATION_SETTINGS,
  predictiveDistribution,
  rangeOf,
  replayWord,
  type Calibration,
  type CalibrationSettings,
} from '@spellwell/shared/learning';
import { GRADES } from '@spellwell/shared';
import {
  recording,
  runPredictions,
  tuning,
  type PredictionCase,
  type PredictorInputs,
} from './predictions.js';
import { FAMILIES } from './families.js';

type Case = PredictionCase & { inputs: PredictorInputs; seed: number; prior: PredictionCase[] };
interface Shown {
  expected: number;
  low: number;
  high: number;
  /** The number shown as "Likely N" when it is not the rounded expectation. */
  likely?: number;
}

const children = Number(process.argv[2] ?? 30);
const seeds = [0, 2, 3];
recording.inputs = true;
const cases: Case[] = [];
for (const seed of seeds) {
  const run = runPredictions(seed, children, FAMILIES);
  run.forEach((c, i) => {
    // A child's cases are consecutive, lists 0..3: the earlier ones are the recorded results.
    const prior = run.slice(i - c.list, i);
    if (c.practised) cases.push({ ...c, inputs: c.inputs!, seed, prior });
  });
}

const mean = (v: readonly number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN);

function predictWith(c: Case, calibration: Calibration): Shown {
  const { words, testDay, speed } = c.inputs;
  const { distribution, expected } = predictiveDistribution(words, testDay, speed, { calibration });
  const rounded = Math.round(expected * 10) / 10;
  return { expected: rounded, ...rangeOf(distribution, rounded, tuning.rangeCoverage) };
}

/** The prediction moved to `target` expected words right by one more log-odds shift of every word. */
function towards(c: Case, target: number): Shown {
  const { words, testDay, speed } = c.inputs;
  const at = (d: number) =>
    predictiveDistribution(words, testDay, speed, {
      calibration: { ...c.calibration, shift: c.calibration.shift + d },
    }).expected;
  const goal = Math.min(words.length - 0.01, Math.max(0.01, target));
  let [low, high] = [-4, 4];
  for (let step = 0; step < 30; step++) {
    const mid = (low + high) / 2;
    if (at(mid) < goal) low = mid;
    else high = mid;
  }
  return predictWith(c, { ...c.calibration, shift: c.calibration.shift + (low + high) / 2 });
}

const recalibrate = (c: Case, settings: Partial<CalibrationSettings>) =>
  predictWith(
    c,
    calibrate(c.inputs.histories, c.inputs.speed, c.inputs.evidence, {
      ...CALIBRATION_SETTINGS,
      ...settings,
    }),
  );

/** The child's own record: their repeat reviews against the model, and their recorded results. */
function record(c: Case) {
  let repeats = 0;
  let recalled = 0;
  let expected = 0;
  let between = 0;
  let within = 0;
  for (const reviews of c.inputs.histories) {
    let residual = 0;
    replayWord(reviews, c.inputs.speed, (q, r) => {
      repeats++;
      recalled += r ? 1 : 0;
      expected += q;
      residual += (r ? 1 : 0) - q;
      within += q * (1 - q);
    });
    between += residual * residual;
  }
  const list = c.inputs.words;
  return {
    rate: repeats ? recalled / repeats : 0.8,
    residual: repeats ? (recalled - expected) / repeats : 0,
    // How much the residuals cluster by word (1: as independent reviews).
    overdispersion: within > 0 ? between / within : 1,
    results: c.prior.length ? mean(c.prior.map((p) => p.actual)) : NaN,
    lastDifficult: list.filter((w) => w.reviews.at(-1)?.grade === GRADES.difficult).length,
    everDifficult: list.filter((w) => w.reviews.some((r) => r.grade === GRADES.difficult)).length,
    allEasy: list.filter((w) => w.reviews.length > 0 && w.reviews.every((r) => r.grade === GRADES.easy))
      .length,
  };
}
const records = cases.map(record);

/** Ridge regression of (true expected − shown) on child-level features, fitted on `rows`. */
function linearCorrection(rows: readonly number[]) {
  const x = (i: number) => {
    const r = records[i]!;
    const has = Number.isFinite(r.results);
    const e = cases[i]!.expected;
    return [1, r.residual, r.rate, 10 * r.rate - e, r.lastDifficult, r.everDifficult / 10, r.allEasy / 10]
      .concat([has ? r.results - e : 0, has ? 1 : 0, e / 10])
      .map((v) => (Number.isFinite(v) ? v : 0));
  };
  const k = x(0).length;
  const a = Array.from({ length: k }, (_, i) =>
    Array.from({ length: k }, (_, j) => (i === j && i > 0 ? 1 : 0)),
  );
  const b = new Array<number>(k).fill(0);
  for (const i of rows) {
    const xi = x(i);
    const y = cases[i]!.trueExpected - cases[i]!.expected;
    for (let p = 0; p < k; p++) {
      b[p]! += xi[p]! * y;
      for (let q = 0; q < k; q++) a[p]![q]! += xi[p]! * xi[q]!;
    }
  }
  for (let p = 0; p < k; p++)
    for (let r = 0; r < k; r++) {
      if (r === p) continue;
      const f = a[r]![p]! / a[p]![p]!;
      for (let q = p; q < k; q++) a[r]![q]! -= f * a[p]![q]!;
      b[r]! -= f * b[p]!;
    }
  const w = b.map((v, p) => v / a[p]![p]!);
  return (i: number) => x(i).reduce((sum, v, p) => sum + v * w[p]!, 0);
}

const shipped: Shown[] = cases.map((c) => ({ expected: c.expected, low: c.low, high: c.high }));
const centre = (s: Shown) => (s.low + s.high) / 2;
const variants: [string, () => Shown[]][] = [
  ['As shipped (predict4)', () => shipped],
  ...[0.15, 0.3].map((w): [string, () => Shown[]] => [
    `Towards the child's recorded results, weight ${w}`,
    () =>
      cases.map((c, i) =>
        Number.isFinite(records[i]!.results)
          ? towards(c, (1 - w) * c.expected + w * records[i]!.results)
          : shipped[i]!,
      ),
  ]),
  [
    "Towards the child's practice recall, weight 0.3",
    () => cases.map((c, i) => towards(c, 0.7 * c.expected + 0.3 * 10 * records[i]!.rate)),
  ],
  ['Per-child discrimination: slope prior σ 0.3', () => cases.map((c) => recalibrate(c, { slopeSd: 0.3 }))],
  [
    "Reviews weighted by the child's overdispersion",
    () =>
      cases.map((c, i) =>
        recalibrate(c, {
          reviewWeight: CALIBRATION_SETTINGS.reviewWeight / Math.max(1, records[i]!.overdispersion),
        }),
      ),
  ],
  ['"Likely N" the range\'s centre', () => shipped.map((s) => ({ ...s, likely: Math.round(centre(s)) }))],
  [
    '"Likely N" the range\'s centre when 1+ word from the mean',
    () =>
      shipped.map((s) => ({
        ...s,
        likely: Math.abs(centre(s) - s.expected) >= 1 ? Math.round(centre(s)) : Math.round(s.expected),
      })),
  ],
  [
    'Linear correction on the record, each seed fitted on the other two',
    () => {
      const fits = new Map(
        seeds.map((seed) => [seed, linearCorrection(cases.flatMap((c, i) => (c.seed === seed ? [] : [i])))]),
      );
      return cases.map((c, i) => towards(c, c.expected + fits.get(c.seed)!(i)));
    },
  ],
];

function rowsOf(shown: readonly Shown[]) {
  const rows = new Map<string, number[]>();
  cases.forEach((c, i) =>
    rows.set(`${c.family}, ${c.parent}`, [...(rows.get(`${c.family}, ${c.parent}`) ?? []), i]),
  );
  return [...rows.entries()].map(([name, idx]) => {
    let worst = 0;
    for (let n = 0; n <= 10; n++) {
      const bin = idx.filter((i) => (shown[i]!.likely ?? Math.round(shown[i]!.expected)) === n);
      if (bin.length < 30) continue;
      const gap = mean(bin.map((i) => cases[i]!.actual)) - n;
      if (Math.abs(gap) > Math.abs(worst)) worst = gap;
    }
    return {
      name,
      bias: mean(idx.map((i) => shown[i]!.expected - cases[i]!.actual)),
      coverage: mean(
        idx.map((i) => (shown[i]!.low <= cases[i]!.actual && cases[i]!.actual <= shown[i]!.high ? 1 : 0)),
      ),
      worst,
    };
  });
}

const fmt = (n: number) => (Number.isNaN(n) ? '–' : `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(2)}`);
const lines = [
  `Seeds ${seeds.join(', ')}, ${children} children per family, parent and seed, ${cases.length} lists.`,
  '',
  '| Variant | "Likely N" within ±0.5 | Worst "Likely N" gap per row (FSRS-6 ×2, ACT-R ×2, HLR ×2, two-state ×2) | Bias within ±0.3 | Range 75–85% | Bias or range outside |',
  '|---|---|---|---|---|---|',
];
const outside = (rows: ReturnType<typeof rowsOf>) =>
  rows
    .flatMap((r) => [
      ...(Math.abs(r.bias) > 0.3 ? [`${r.name}: bias ${fmt(r.bias)}`] : []),
      ...(r.coverage < 0.75 || r.coverage > 0.85
        ? [`${r.name}: range ${(r.coverage * 100).toFixed(1)}%`]
        : []),
    ])
    .join('; ') || 'none';
for (const [name, make] of variants) {
  const rows = rowsOf(make());
  const count = (ok: (r: (typeof rows)[number]) => boolean) => `${rows.filter(ok).length} of ${rows.length}`;
  lines.push(
    `| ${name} | ${count((r) => Math.abs(r.worst) <= 0.5)} | ${rows.map((r) => fmt(r.worst)).join(' ')} | ${count((r) => Math.abs(r.bias) <= 0.3)} | ${count((r) => r.coverage >= 0.75 && r.coverage <= 0.85)} | ${outside(rows)} |`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);

/** Within each row: how the shown number's miss (true expected − shown) goes with the record. */
function correlation(idx: readonly number[], feature: (i: number) => number) {
  const pairs = idx.map((i) => [feature(i), cases[i]!.trueExpected - cases[i]!.expected] as const);
  const ok = pairs.filter(([x]) => Number.isFinite(x));
  const [mx, my] = [mean(ok.map(([x]) => x)), mean(ok.map(([, y]) => y))];
  let [sxy, sxx, syy] = [0, 0, 0];
  for (const [x, y] of ok)
    [sxy, sxx, syy] = [sxy + (x - mx) * (y - my), sxx + (x - mx) ** 2, syy + (y - my) ** 2];
  return sxy / Math.sqrt(sxx * syy);
}
const features: [string, (i: number) => number][] = [
  ['practice residual (recalled − expected, per repeat)', (i) => records[i]!.residual],
  ['recorded results − shown', (i) => records[i]!.results - cases[i]!.expected],
  ['10 × practice recall − shown', (i) => 10 * records[i]!.rate - cases[i]!.expected],
  ['words last graded Difficult', (i) => records[i]!.lastDifficult],
  ['words graded Easy every time', (i) => records[i]!.allEasy],
];
const groups = new Map<string, number[]>();
cases.forEach((c, i) =>
  groups.set(`${c.family}, ${c.parent}`, [...(groups.get(`${c.family}, ${c.parent}`) ?? []), i]),
);
const table = [
  '',
  `| Correlation with (true expected − shown), within each row | ${[...groups.keys()].join(' | ')} |`,
  `|---|${[...groups.keys()].map(() => '---').join('|')}|`,
  ...features.map(
    ([name, f]) => `| ${name} | ${[...groups.values()].map((idx) => fmt(correlation(idx, f))).join(' | ')} |`,
  ),
];
process.stdout.write(`${table.join('\n')}\n`);

// The MAE target against its floor: the oracle (the true chances) showing their mean, as the
// predictor does, or their median, the figure with the least mean absolute error there is.
const floor = [
  '',
  `| MAE against the words actually right, within each row | ${[...groups.keys()].join(' | ')} |`,
  `|---|${[...groups.keys()].map(() => '---').join('|')}|`,
  ...(
    [
      ['Predictor (shown expectation)', (c: Case) => c.expected],
      ['Oracle, its expectation', (c: Case) => c.trueExpected],
      ['Oracle, its median (the floor)', (c: Case) => c.oracleMedian],
    ] as const
  ).map(
    ([name, shown]) =>
      `| ${name} | ${[...groups.values()].map((idx) => mean(idx.map((i) => Math.abs(shown(cases[i]!) - cases[i]!.actual))).toFixed(2)).join(' | ')} |`,
  ),
];
process.stdout.write(`${floor.join('\n')}\n`);
