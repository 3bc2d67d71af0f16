import { runPredictions, predictionRows, predictionTable, likelyTable } from './predictions.js';
const seed = Number(process.argv[2] ?? 101);
const n = Number(process.argv[3] ?? 40);
const t = performance.now();
const rows = predictionRows(runPredictions(seed, n));
console.log(predictionTable(rows));
console.log(likelyTable(rows));
console.log(((performance.now() - t) / 1000).toFixed(1), 's');
