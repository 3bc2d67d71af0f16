/**
 * `npx tsx bench/marking/run.ts [sheets per part] [--part tuning|wide|held-out] [--details] [--save dir]`:
 * generates the evaluation's sheets, marks them and prints the four figures for each part.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, figures, markSamples } from './evaluate.js';
import { generateSample, type Part } from './generate.js';

const args = process.argv.slice(2);
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? 12);
const only = args.includes('--part') ? (args[args.indexOf('--part') + 1] as Part) : undefined;
const details = args.includes('--details');
const save = args.includes('--save') ? args[args.indexOf('--save') + 1] : undefined;

for (const part of only ? [only] : (['tuning', 'held-out'] as Part[])) {
  const samples = [];
  for (let i = 0; i < count; i++) samples.push(await generateSample(part, i));
  if (save) {
    mkdirSync(save, { recursive: true });
    for (const s of samples) writeFileSync(path.join(save, `${s.name}.jpg`), s.photo);
  }
  const { scored, seconds, cpuSeconds, notFound } = await markSamples(samples);
  if (details)
    for (const s of scored)
      console.info(
        [
          s.sample,
          s.truth,
          s.verdict,
          s.expected,
          JSON.stringify(s.written),
          s.reason,
          s.margin?.toFixed(2),
          s.alternative,
        ].join('\t'),
      );
  console.info(describe(part, figures(scored, seconds, notFound, cpuSeconds)));
}
