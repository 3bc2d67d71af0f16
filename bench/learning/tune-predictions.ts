/**
 * The tuning run behind the predictor's constants (docs/learning.md):
 * `npx tsx bench/learning/tune-predictions.ts [children] [seeds, default 0,2,3]`. Seed 1 is
 * held out: it is only ever run by `npm run sim` for the published tables. Seed 4 is the second
 * held-out seed (`... tune-predictions.ts 200 4`, run once after the constants were fixed); it
 * must not be used for tuning either. `TUNE='{"leniencyMax":0}'` moves a constant for one run.
 */
import { tuning, oracleTable, predictionRows, predictionTable, runPredictions } from './predictions.js';

if (process.env.TUNE) Object.assign(tuning, JSON.parse(process.env.TUNE));
const children = Number(process.argv[2] ?? 60);
const seeds = (process.argv[3] ?? '0,2,3').split(',').map(Number);
if (seeds.includes(1)) throw new Error('seed 1 is held out: tune on other seeds');
const started = performance.now();
const rows = predictionRows(seeds.flatMap((seed) => runPredictions(seed, children)));
process.stdout.write(
  `Seeds ${seeds.join(', ')}, ${children} children per family, parent and seed\n\n${predictionTable(rows)}\n\n${oracleTable(rows)}\n\nRan in ${((performance.now() - started) / 1000).toFixed(0)} s.\n`,
);
