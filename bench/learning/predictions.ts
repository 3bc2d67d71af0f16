import { GRADES, type Grade } from '@spellwell/shared';
import {
  calibrate,
  CALIBRATION_SETTINGS,
  fitSpeed,
  PRACTICE_ATTENDANCE,
  countDistribution,
  predictiveDistribution,
  predictReadiness,
  RANGE_COVERAGE,
  rangeOf,
  recallOnDay,
  type Calibration,
  type GradedReview,
  type TestEvidence,
} from '@spellwell/shared/learning';
import { CHECK_FAMILIES, FAMILIES, makeLearner, type FamilyName } from './families.js';
import { seeded, type Random } from './random.js';
import { specificationRule, type Scheduler } from './schedulers.js';

/**
 * Issue 34: the predictor scored against children it does not model. Each child practises four
 * lists of 10 words in a row under the specification's rule (made 3, 5, 7 or 14 days before their
 * test, with one chance per child of skipping each day), their parent grades what they see, and
 * each test is sat: every word right or wrong by its own draw. The app's predictor sees only the
 * grades and the results recorded after each test, as the server does.
 */
export type ParentName = 'As assumed' | 'Lenient, noisy';
export const PARENTS: ParentName[] = ['As assumed', 'Lenient, noisy'];

/** How the parent grades what they see. */
function parentGrade(parent: ParentName, recalled: boolean, recall: number, random: Random): Grade {
  if (parent === 'As assumed') {
    if (!recalled) return GRADES.difficult;
    return recall < 0.8 ? GRADES.medium : GRADES.easy;
  }
  // Lenient and noisy: a wrong spelling is sometimes let through as Medium, a right one graded
  // Easy or Medium without regard to hesitation, and one grade in ten is anything.
  if (random() < 0.1)
    return ([GRADES.easy, GRADES.medium, GRADES.difficult] as const)[Math.floor(random() * 3)]!;
  if (!recalled) return random() < 0.25 ? GRADES.medium : GRADES.difficult;
  return random() < 0.7 ? GRADES.easy : GRADES.medium;
}

export interface PredictionCase {
  family: FamilyName;
  parent: ParentName;
  list: number;
  daysAhead: number;
  /** The evening before the test. */
  expected: number;
  /** The median of the predictive distribution (the other candidate for "Likely N"). */
  median: number;
  low: number;
  high: number;
  /** The same, without the child's calibration (the predictor before issue 34). */
  uncalibrated: number;
  /** Words right on the day (a draw per word), and their expected number. */
  actual: number;
  trueExpected: number;
  /**
   * The oracle: the range the predictor's own rule draws around the child's true chances of the
   * day. Its error against the words actually right is the floor any predictor has.
   */
  oracleLow: number;
  oracleHigh: number;
  /**
   * The median of the words right given the true chances: the whole number with the least mean
   * absolute error against the words actually right, so its MAE is the floor for any figure shown.
   */
  oracleMedian: number;
  /** Whether any word of the list was graded by the evening before (else no figure is shown). */
  practised: boolean;
  /**
   * A week before the test (lists made 7 or more days ahead, once the list has been practised):
   * if no more practice.
   */
  weekAhead: number | null;
  /** The same, assuming the practice the rule will bring (as the app shows it). */
  weekAheadPractice: number | null;
  calibration: Calibration;
  /** What the predictor was given the evening before; kept only while `recording.inputs` is set. */
  inputs?: PredictorInputs;
}

/** The evening-before prediction's inputs, for studies that re-predict offline (try-per-child.ts). */
export interface PredictorInputs {
  words: { id: string; reviews: GradedReview[] }[];
  /** Every word of the child's, graded before the test day (what `calibrate` reads). */
  histories: GradedReview[][];
  speed: number;
  evidence: TestEvidence[];
  testDay: number;
}

const LISTS = 4;
const WORDS = 10;
const DAYS_AHEAD = [3, 5, 7, 14];
const SKIPS = [0, 0.2, 0.4];

/** Set `inputs` to keep each case's PredictorInputs (memory: about 1 kB a case). */
export const recording = { inputs: false };

/** The predictor's constants, as shipped; the tuning script moves them (docs/learning.md). */
export const tuning = {
  ...CALIBRATION_SETTINGS,
  rangeCoverage: RANGE_COVERAGE,
  attendance: PRACTICE_ATTENDANCE,
};

function predict(
  histories: readonly GradedReview[][],
  list: readonly number[],
  day: number,
  tests: readonly { words: readonly number[]; day: number; correct: number }[],
  calibrated: boolean,
  today?: number,
) {
  const speed = fitSpeed(histories);
  const before = (reviews: readonly GradedReview[], d: number) => reviews.filter((r) => r.day < d);
  const evidence: TestEvidence[] = tests.map((t) => ({
    chances: t.words.map((w) => recallOnDay({ id: '', reviews: before(histories[w]!, t.day) }, t.day, speed)),
    correct: t.correct,
    total: t.words.length,
  }));
  const calibration = calibrated ? calibrate(histories, speed, evidence, tuning) : { shift: 0, shiftSd: 0 };
  const words = list.map((w) => ({ id: String(w), reviews: histories[w]! }));
  const options = {
    calibration,
    rangeCoverage: tuning.rangeCoverage,
    attendance: tuning.attendance,
    ...(today === undefined ? {} : { today }),
  };
  const { distribution } = predictiveDistribution(words, day, speed, options);
  let below = 0;
  const median = distribution.findIndex((mass) => (below += mass) >= 0.5);
  const copy = (reviews: readonly GradedReview[]) => reviews.map((r) => ({ ...r }));
  const inputs: PredictorInputs | undefined = recording.inputs
    ? {
        words: words.map((w) => ({ id: w.id, reviews: copy(w.reviews) })),
        histories: histories.map(copy),
        speed,
        evidence,
        testDay: day,
      }
    : undefined;
  return { ...predictReadiness(words, day, speed, options), calibration, median, inputs };
}

/** One child through four lists; every prediction the app would have shown, with what happened. */
export function simulateChild(
  family: FamilyName,
  parent: ParentName,
  seed: readonly number[],
): PredictionCase[] {
  const random = seeded(...seed, 1);
  const learner = makeLearner(family, seeded(...seed, 2));
  const skip = SKIPS[Math.floor(random() * SKIPS.length)]!;
  const memories = Array.from({ length: LISTS * WORDS }, (_, i) => learner.word(i));
  const histories: GradedReview[][] = memories.map(() => []);
  const luck = seeded(...seed, 3);
  const grading = seeded(...seed, 4);
  const tests: { words: number[]; day: number; correct: number }[] = [];
  const cases: PredictionCase[] = [];
  let start = 0;
  for (let list = 0; list < LISTS; list++) {
    const daysAhead = DAYS_AHEAD[Math.floor(random() * DAYS_AHEAD.length)]!;
    const testDay = start + daysAhead;
    const words = Array.from({ length: WORDS }, (_, i) => list * WORDS + i);
    const local = words.map((w) => histories[w]!);
    const run = specificationRule.start({ testDay: daysAhead, histories: local });
    let weekAhead: number | null = null;
    let weekAheadPractice: number | null = null;
    for (let day = start; day < testDay; day++) {
      if (random() >= skip) {
        words.forEach((w, i) => {
          if (!run.isDue(i, day - start)) return;
          const p = memories[w]!.recall(day);
          const recalled = luck() < p;
          const grade = parentGrade(parent, recalled, p, grading);
          memories[w]!.practise(day, recalled);
          histories[w]!.push({ day, grade });
          run.graded(i, day - start, grade);
        });
      }
      // Scored only where the dashboard shows a figure: it says "Not practised yet" before any grade.
      const practised = words.some((w) => histories[w]!.length > 0);
      if (daysAhead >= 7 && day === testDay - 7 && practised) {
        weekAhead = predict(histories, words, testDay, tests, true).expectedCorrect;
        weekAheadPractice = predict(histories, words, testDay, tests, true, day).expectedCorrect;
      }
    }
    const shown = predict(histories, words, testDay, tests, true);
    const uncalibrated = predict(histories, words, testDay, tests, false).expectedCorrect;
    const chances = words.map((w) => memories[w]!.recall(testDay));
    const actual = chances.reduce((sum, p) => sum + (luck() < p ? 1 : 0), 0);
    const trueExpected = chances.reduce((a, b) => a + b, 0);
    const truth = countDistribution(chances);
    const oracle = rangeOf(truth, trueExpected, tuning.rangeCoverage);
    let below = 0;
    const oracleMedian = truth.findIndex((mass) => (below += mass) >= 0.5);
    cases.push({
      practised: words.some((w) => histories[w]!.length > 0),
      family,
      parent,
      list,
      daysAhead,
      expected: shown.expectedCorrect,
      median: shown.median,
      low: shown.range.low,
      high: shown.range.high,
      uncalibrated,
      actual,
      trueExpected,
      oracleLow: oracle.low,
      oracleHigh: oracle.high,
      oracleMedian,
      weekAhead,
      weekAheadPractice,
      calibration: shown.calibration,
      ...(shown.inputs ? { inputs: shown.inputs } : {}),
    });
    // The parent records the result; the test's words are tested again after it (words of a
    // list are not practised once its test has passed, in the simulation).
    tests.push({ words, day: testDay, correct: actual });
    start = testDay + 1;
  }
  return cases;
}

/** The four families, then the check families (their seeds after the four's, so those stay put). */
const ALL_FAMILIES = [...FAMILIES, ...CHECK_FAMILIES];

export function runPredictions(seed: number, children: number, families = ALL_FAMILIES, parents = PARENTS) {
  const cases: PredictionCase[] = [];
  for (const [f, family] of ALL_FAMILIES.entries()) {
    if (!families.includes(family)) continue;
    for (const [p, parent] of PARENTS.entries()) {
      if (!parents.includes(parent)) continue;
      for (let c = 0; c < children; c++) cases.push(...simulateChild(family, parent, [seed, 34, f, p, c]));
    }
  }
  return cases;
}

const mean = (values: readonly number[]) =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN;
const fmt = (n: number, digits = 2) =>
  Number.isNaN(n) ? '–' : `${n >= 0 && digits === 2 ? '+' : ''}${n.toFixed(digits)}`;
const plain = (n: number, digits = 2) => (Number.isNaN(n) ? '–' : n.toFixed(digits));

/** "Likely N": the mean actual score of the children shown each N (N with 30 or more cases), worst gap. */
function likelyGap(cases: readonly PredictionCase[]) {
  let worst = 0;
  let worstN = 0;
  const parts: string[] = [];
  for (let n = 0; n <= WORDS; n++) {
    const shown = cases.filter((c) => Math.round(c.expected) === n);
    if (shown.length < 30) continue;
    const gap = mean(shown.map((c) => c.actual)) - n;
    parts.push(`${n}: ${plain(mean(shown.map((c) => c.actual)))}`);
    if (Math.abs(gap) > Math.abs(worst)) [worst, worstN] = [gap, n];
  }
  return { worst, worstN, parts };
}

export interface PredictionRow {
  family: FamilyName;
  parent: ParentName;
  bias: number;
  mae: number;
  coverage: number;
  likelyWorst: number;
  likelyWorstN: number;
  likely: string[];
  uncalibratedBias: number;
  oracleMae: number;
  oracleCoverage: number;
  oracleLikelyWorst: number;
  /** "Likely N" read as the predictive median instead of the rounded expectation. */
  medianLikelyWorst: number;
  weekBias: number;
  weekPracticeBias: number;
  count: number;
}

export function predictionRows(cases: readonly PredictionCase[]): PredictionRow[] {
  const rows: PredictionRow[] = [];
  for (const family of ALL_FAMILIES)
    for (const parent of PARENTS) {
      const chosen = cases.filter((c) => c.family === family && c.parent === parent && c.practised);
      if (chosen.length === 0) continue;
      const week = chosen.filter((c) => c.weekAhead !== null);
      const likely = likelyGap(chosen);
      rows.push({
        family,
        parent,
        bias: mean(chosen.map((c) => c.expected - c.actual)),
        mae: mean(chosen.map((c) => Math.abs(c.expected - c.actual))),
        coverage: mean(chosen.map((c) => (c.low <= c.actual && c.actual <= c.high ? 1 : 0))),
        likelyWorst: likely.worst,
        likelyWorstN: likely.worstN,
        likely: likely.parts,
        uncalibratedBias: mean(chosen.map((c) => c.uncalibrated - c.actual)),
        oracleMae: mean(chosen.map((c) => Math.abs(c.trueExpected - c.actual))),
        oracleCoverage: mean(
          chosen.map((c) => (c.oracleLow <= c.actual && c.actual <= c.oracleHigh ? 1 : 0)),
        ),
        medianLikelyWorst: likelyGap(chosen.map((c) => ({ ...c, expected: c.median }))).worst,
        oracleLikelyWorst: likelyGap(chosen.map((c) => ({ ...c, expected: c.trueExpected }))).worst,
        weekBias: mean(week.map((c) => c.weekAhead! - c.actual)),
        weekPracticeBias: mean(week.map((c) => c.weekAheadPractice! - c.actual)),
        count: chosen.length,
      });
    }
  return rows;
}

export function predictionTable(rows: readonly PredictionRow[]): string {
  const lines = [
    '| Learner family | Parent | Bias (pred − actual) | MAE vs actual | Range holds actual | Worst "Likely N" gap | … if N were the median | Week ahead: bias with the practice to come | … if no more practice | Bias without calibration | Lists |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.family} | ${r.parent} | ${fmt(r.bias)} | ${plain(r.mae)} | ${plain(r.coverage * 100, 1)}% | ${fmt(r.likelyWorst)} (N = ${r.likelyWorstN}) | ${fmt(r.medianLikelyWorst)} | ${fmt(r.weekPracticeBias)} | ${fmt(r.weekBias)} | ${fmt(r.uncalibratedBias)} | ${r.count} |`,
    );
  return lines.join('\n');
}

/**
 * The oracle's rows: a predictor that knows each word's true chance on the day. Its MAE against
 * the words actually right is the Poisson-binomial noise no predictor can remove; its range
 * coverage is what the range's rule gives when the chances are exactly right.
 */
export function oracleTable(rows: readonly PredictionRow[]): string {
  const lines = [
    '| Learner family | Parent | Oracle MAE vs actual | Oracle range holds actual | Oracle worst "Likely N" gap | Predictor MAE | MAE target (≤ 1.0) attainable |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.family} | ${r.parent} | ${plain(r.oracleMae)} | ${plain(r.oracleCoverage * 100, 1)}% | ${fmt(r.oracleLikelyWorst)} | ${plain(r.mae)} | ${r.oracleMae > 1 ? 'no' : 'yes'} |`,
    );
  return lines.join('\n');
}

export function likelyTable(rows: readonly PredictionRow[]): string {
  const lines = [
    '| Learner family | Parent | Mean actual score of the children shown "Likely N" |',
    '|---|---|---|',
  ];
  for (const r of rows) lines.push(`| ${r.family} | ${r.parent} | ${r.likely.join(' · ')} |`);
  return lines.join('\n');
}

/**
 * Issue 34 item 6: does the test-day planner save reviews at an equal score on each learner
 * family? One list of 10 words made 7 or 14 days ahead per child, practised by the rule and by
 * the planner at its shipped cost and at a higher one, with the same child and the same luck;
 * the parent as assumed.
 */
export function plannerRows(seed: number, children: number, schedulers: readonly Scheduler[]) {
  const rows: { family: FamilyName; scheduler: string; score: number; reviews: number }[] = [];
  for (const [f, family] of FAMILIES.entries()) {
    for (const scheduler of schedulers) {
      let score = 0;
      let reviews = 0;
      for (let c = 0; c < children; c++) {
        const key = [seed, 35, f, c];
        const daysAhead = c % 2 === 0 ? 7 : 14;
        const skip = SKIPS[c % SKIPS.length]!;
        const learner = makeLearner(family, seeded(...key, 2));
        const memories = Array.from({ length: WORDS }, (_, i) => learner.word(i));
        const histories: GradedReview[][] = memories.map(() => []);
        const luck = memories.map((_, w) => seeded(...key, 100 + w));
        const skips = seeded(...key, 1);
        const run = scheduler.start({ testDay: daysAhead, histories });
        for (let day = 0; day < daysAhead; day++) {
          if (skips() < skip) continue;
          run.startSession?.(day);
          memories.forEach((memory, w) => {
            if (!run.isDue(w, day)) return;
            const p = memory.recall(day);
            const recalled = luck[w]!() < p;
            const grade = parentGrade('As assumed', recalled, p, luck[w]!);
            memory.practise(day, recalled);
            histories[w]!.push({ day, grade });
            run.graded(w, day, grade);
            reviews++;
          });
        }
        score += memories.reduce((sum, m) => sum + m.recall(daysAhead), 0);
      }
      rows.push({ family, scheduler: scheduler.name, score: score / children, reviews: reviews / children });
    }
  }
  return rows;
}

export function plannerTable(rows: ReturnType<typeof plannerRows>): string {
  const lines = [
    '| Learner family | Scheduler | Score per 10 | Δ score vs rule | Reviews per list | Reviews vs rule |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const rule = rows.find((x) => x.family === r.family && x.scheduler === 'Rule (spec)')!;
    const pct = ((r.reviews - rule.reviews) / rule.reviews) * 100;
    lines.push(
      `| ${r.family} | ${r.scheduler} | ${plain(r.score)} | ${fmt(r.score - rule.score)} | ${plain(r.reviews, 1)} | ${pct >= 0 ? '+' : ''}${pct.toFixed(1)}% |`,
    );
  }
  return lines.join('\n');
}
