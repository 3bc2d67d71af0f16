/**
 * What one readiness prediction costs (predict7): `npx tsx bench/learning/predict-cost.ts
 * [calls]`. A 20-word set with 30 grades per word, the child's calibration fitted once (the
 * server keeps it per child), then `predictReadiness` called as the server calls it on a read-
 * cache miss (with `today`, a week before the test) and as the evening before. CPU time per call.
 * (At the git tag `predict7-study` it also times the two-state mixture, docs/learning.md.)
 */
import { GRADES, type Grade } from '@spellwell/shared';
import { calibrate, fitSpeed, predictReadiness, type GradedReview } from '@spellwell/shared/learning';
import { seeded } from './random.js';

const calls = Number(process.argv[2] ?? 200);
const random = seeded(7, 20, 30);
const grades: Grade[] = [GRADES.easy, GRADES.medium, GRADES.difficult];
// 30 grades per word over 60 days, mostly right, as a long-practised set looks.
const histories: GradedReview[][] = Array.from({ length: 20 }, () => {
  let day = 0;
  return Array.from({ length: 30 }, () => {
    day += 1 + Math.floor(random() * 3);
    const r = random();
    return { day, grade: grades[r < 0.6 ? 0 : r < 0.85 ? 1 : 2]! };
  });
});
const testDay = Math.max(...histories.map((h) => h.at(-1)!.day)) + 7;
const words = histories.map((reviews, i) => ({ id: `w${i}`, reviews }));
const speed = fitSpeed(histories);

function cpuMsPerCall(run: () => void) {
  for (let i = 0; i < 5; i++) run();
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / calls;
}

const calibration = calibrate(histories, speed, []);
const weekAhead = cpuMsPerCall(() =>
  predictReadiness(words, testDay, speed, { calibration, today: testDay - 7 }),
);
const evening = cpuMsPerCall(() =>
  predictReadiness(words, testDay, speed, { calibration, today: testDay - 1 }),
);
const fit = cpuMsPerCall(() => calibrate(histories, speed, []));
process.stdout.write(
  `predictReadiness a week ahead ${weekAhead.toFixed(2)} ms, the evening before ${evening.toFixed(2)} ms; calibrate ${fit.toFixed(2)} ms (CPU per call, ${calls} calls)\n`,
);
