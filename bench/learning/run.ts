/**
 * `npm run sim [-- --seed 1 --children 200 --write]`: simulated children practise lists under each
 * scheduler and the tables of docs/learning.md are printed (or, with --write, put in the file
 * between its sim markers). Deterministic for a seed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { makeChild, POPULATIONS, type PopulationName } from './population.js';
import { seeded } from './random.js';
import {
  classicSm2,
  everyDay,
  fsrsNinety,
  specificationRule,
  testDayPlanner,
  type Scheduler,
} from './schedulers.js';
import { simulate, type Outcome } from './simulate.js';
import {
  likelyTable,
  oracleTable,
  plannerRows,
  plannerTable,
  predictionRows,
  predictionTable,
  runPredictions,
} from './predictions.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    children: { type: 'string', default: '100' },
    write: { type: 'boolean', default: false },
    /** Children per learner family and parent in the prediction measures (issue 34). */
    'prediction-children': { type: 'string', default: '200' },
  },
});
const SEED = Number(values.seed);
const CHILDREN = Number(values.children);

const WORD_COUNTS = [10, 20];
const DAYS_AHEAD = [3, 5, 7, 14, 21];
const SKIP_CHANCES = [0, 0.2, 0.4];
const MAIN: Scheduler[] = [specificationRule, classicSm2, fsrsNinety, everyDay, testDayPlanner()];
/** The planner at other review costs, to show the trade it makes between score and reviews. */
const COST_SWEEP: Scheduler[] = [0.0025, 0.01].map((cost) => testDayPlanner(cost));
const SCHEDULERS = [...MAIN, ...COST_SWEEP];

interface Row {
  population: PopulationName;
  words: number;
  daysAhead: number;
  skip: number;
  results: Map<string, Outcome[]>;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const started = performance.now();
const rows: Row[] = [];
for (const [p, population] of POPULATIONS.entries()) {
  for (const words of WORD_COUNTS) {
    for (const daysAhead of DAYS_AHEAD) {
      for (const skip of SKIP_CHANCES) {
        const results = new Map<string, Outcome[]>(SCHEDULERS.map((s) => [s.name, []]));
        for (let c = 0; c < CHILDREN; c++) {
          const key = [SEED, p, words, daysAhead, Math.round(skip * 10), c];
          const child = makeChild(population, words, seeded(...key, 0));
          for (const scheduler of SCHEDULERS)
            results
              .get(scheduler.name)!
              .push(simulate(child, scheduler, daysAhead, skip, key, scheduler === specificationRule));
        }
        rows.push({ population, words, daysAhead, skip, results });
      }
    }
  }
}

const per10 = (row: Row, value: number) => (value * 10) / row.words;
const fmt = (n: number, digits = 2) => n.toFixed(digits);

function scenarioTable(population: PopulationName): string {
  const head = `| Words | Days ahead | Skip | ${MAIN.map((s) => s.name).join(' | ')} |`;
  const rule = `|---|---|---|${MAIN.map(() => '---').join('|')}|`;
  const lines = rows
    .filter((r) => r.population === population)
    .map((r) => {
      const cells = MAIN.map((s) => {
        const o = r.results.get(s.name)!;
        return `${fmt(per10(r, mean(o.map((x) => x.score))))} · ${fmt(mean(o.map((x) => x.reviews)), 1)} · ${fmt(mean(o.map((x) => x.practiceDays)), 1)}`;
      });
      return `| ${r.words} | ${r.daysAhead} | ${r.skip} | ${cells.join(' | ')} |`;
    });
  return [head, rule, ...lines].join('\n');
}

/** Planner against rule, pooled over scenarios: score per 10 words, reviews, forgotten words. */
function pooled(population: PopulationName, minDays: number) {
  const chosen = rows.filter((r) => r.population === population && r.daysAhead >= minDays);
  const total = (name: string, pick: (o: Outcome, r: Row) => number) =>
    chosen.reduce((sum, r) => sum + r.results.get(name)!.reduce((s, o) => s + pick(o, r), 0), 0);
  const count = chosen.reduce((sum, r) => sum + r.results.get(SCHEDULERS[0]!.name)!.length, 0);
  return (name: string) => ({
    score: total(name, (o, r) => per10(r, o.score)) / count,
    reviews: total(name, (o) => o.reviews),
    forgotten: total(name, (o, r) => r.words - o.score),
  });
}

function summaryTable(): string {
  const lines = [
    '| Population | Lists made | Scheduler | Score per 10 | Δ score vs rule | Reviews vs rule | Forgotten words vs rule |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const population of POPULATIONS) {
    for (const minDays of [5, 14]) {
      const stats = pooled(population, minDays);
      const rule = stats(specificationRule.name);
      for (const s of SCHEDULERS) {
        const x = stats(s.name);
        const pct = (a: number, b: number) => `${a >= b ? '+' : ''}${fmt(((a - b) / b) * 100, 1)}%`;
        lines.push(
          `| ${population} | ≥ ${minDays} days ahead | ${s.name} | ${fmt(x.score)} | ${x.score >= rule.score ? '+' : ''}${fmt(x.score - rule.score)} | ${pct(x.reviews, rule.reviews)} | ${pct(x.forgotten, rule.forgotten)} |`,
        );
      }
    }
  }
  return lines.join('\n');
}

function calibrationTable(): string {
  const lines = [
    '| Population | Days ahead | Mean absolute error per 10 words | Mean predicted | Mean simulated |',
    '|---|---|---|---|---|',
  ];
  for (const population of POPULATIONS) {
    for (const daysAhead of [...DAYS_AHEAD, 0]) {
      const chosen = rows.filter(
        (r) => r.population === population && (daysAhead === 0 || r.daysAhead === daysAhead),
      );
      const errors: number[] = [];
      const predicted: number[] = [];
      const simulated: number[] = [];
      for (const r of chosen) {
        for (const o of r.results.get(specificationRule.name)!) {
          errors.push(Math.abs(per10(r, o.predicted! - o.score)));
          predicted.push(per10(r, o.predicted!));
          simulated.push(per10(r, o.score));
        }
      }
      lines.push(
        `| ${population} | ${daysAhead === 0 ? 'all' : daysAhead} | ${fmt(mean(errors))} | ${fmt(mean(predicted))} | ${fmt(mean(simulated))} |`,
      );
    }
  }
  return lines.join('\n');
}

const PREDICTION_CHILDREN = Number(values['prediction-children']);
const predictionResults = predictionRows(runPredictions(SEED, PREDICTION_CHILDREN));
const plannerResults = plannerRows(SEED, PREDICTION_CHILDREN, [
  specificationRule,
  testDayPlanner(),
  testDayPlanner(0.01),
  testDayPlanner(0.02),
]);

const seconds = ((performance.now() - started) / 1000).toFixed(0);
const report = [
  `Seed ${SEED}, ${CHILDREN} children per scenario and population (\`npm run sim -- --seed ${SEED} --children ${CHILDREN} --prediction-children ${PREDICTION_CHILDREN}\`).`,
  '',
  '### Planner against the rule, pooled',
  '',
  summaryTable(),
  '',
  `### The predictor against four learner families and two parents (issue 34; seed ${SEED}, ${PREDICTION_CHILDREN} children each, four lists of 10 words per child; DASH a check family, never tuned on)`,
  '',
  'Against the words actually right on the day (a draw per word), the evening before the test unless said. Bias and errors in words per 10.',
  '',
  predictionTable(predictionResults),
  '',
  likelyTable(predictionResults),
  '',
  "The oracle: a predictor that knows each word's true chance on the day (the same range rule). Its error is the luck of each word's draw, the floor for any predictor.",
  '',
  oracleTable(predictionResults),
  '',
  `### The planner on four learner families (issue 34; ${PREDICTION_CHILDREN} children each, one list of 10 words made 7 or 14 days ahead, the parent as assumed)`,
  '',
  plannerTable(plannerResults),
  '',
  '### Predicted test-day score against the simulation (the rule scheduling)',
  '',
  calibrationTable(),
  '',
  ...POPULATIONS.flatMap((population) => [
    `### Every scenario, population ${population}`,
    '',
    'Each cell: words right on the test day per 10 words · reviews per list · days with practice.',
    '',
    scenarioTable(population),
    '',
  ]),
].join('\n');

if (values.write) {
  const file = new URL('../../docs/learning.md', import.meta.url);
  const doc = await readFile(file, 'utf8');
  const start = doc.indexOf('<!-- sim:start -->');
  const end = doc.indexOf('<!-- sim:end -->');
  if (start < 0 || end < start)
    throw new Error('docs/learning.md has no <!-- sim:start --> … <!-- sim:end --> markers');
  await writeFile(file, `${doc.slice(0, start)}<!-- sim:start -->\n${report}\n${doc.slice(end)}`);
}
process.stdout.write(`${report}\nRan in ${seconds} s.\n`);
