/**
 * The tuning run behind the predictor's constants (docs/learning.md): seed 101, the FSRS-6 and
 * half-life regression families only. The published tables use seed 1 and all four families,
 * so ACT-R and the two-state learner are never seen while tuning.
 */
import { predictionRows, runPredictions, tuning } from './predictions.js';

const children = Number(process.argv[2] ?? 30);
const attendanceOnly = process.argv[3] === 'attendance';
const grid = attendanceOnly
  ? [0.7, 0.8, 0.9, 1].map((attendance) => ({ ...tuning, attendance }))
  : [
      { priorSd: 0.6, reviewWeight: 0.5, testWeight: 3, rangeTail: 0.1 },
      { priorSd: 1.0, reviewWeight: 0.5, testWeight: 3, rangeTail: 0.15 },
      { priorSd: 1.0, reviewWeight: 1, testWeight: 3, rangeTail: 0.15 },
      { priorSd: 1.0, reviewWeight: 0.5, testWeight: 10, rangeTail: 0.15 },
      { priorSd: 0.6, reviewWeight: 0.5, testWeight: 10, rangeTail: 0.2 },
      { priorSd: 1.0, reviewWeight: 0.25, testWeight: 10, rangeTail: 0.2 },
    ];
for (const settings of grid) {
  Object.assign(tuning, settings);
  const rows = predictionRows(runPredictions(101, children, ['FSRS-6', 'Half-life regression']));
  const cells = rows.map(
    (r) =>
      `${r.family.slice(0, 5)}/${r.parent.slice(0, 5)} bias ${r.bias.toFixed(2)} mae ${r.mae.toFixed(2)} cov ${(r.coverage * 100).toFixed(0)}% likely ${r.likelyWorst.toFixed(2)} week ${r.weekPracticeBias.toFixed(2)}`,
  );
  process.stdout.write(`${JSON.stringify(settings)}\n  ${cells.join('\n  ')}\n`);
}
