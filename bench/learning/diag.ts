import { tuning, runPredictions } from './predictions.js';
if (process.env.TUNE) Object.assign(tuning, JSON.parse(process.env.TUNE));
const children = Number(process.argv[2] ?? 30);
const cases = [0, 2, 3].flatMap((s) => runPredictions(s, children));
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const keys = [...new Set(cases.map((c) => `${c.family}|${c.parent}`))];
for (const k of keys) {
  const cs = cases.filter((c) => `${c.family}|${c.parent}` === k);
  const parts = [0, 1, 2, 3].map((l) => {
    const x = cs.filter((c) => c.list === l);
    return `L${l} bias ${mean(x.map((c) => c.expected - c.actual)).toFixed(2)} cov ${(mean(x.map((c) => (c.low <= c.actual && c.actual <= c.high ? 1 : 0))) * 100).toFixed(0)} sd ${mean(x.map((c) => c.calibration.shiftSd)).toFixed(2)} sh ${mean(x.map((c) => c.calibration.shift)).toFixed(2)}`;
  });
  const wk = cs.filter((c) => c.weekAheadPractice !== null);
  console.log(k.padEnd(36), parts.join(' | '), `| wk by list ${[0,1,2,3].map(l=>mean(wk.filter(c=>c.list===l).map(c=>c.weekAheadPractice!-c.actual)).toFixed(2)).join(' ')}`);
}
