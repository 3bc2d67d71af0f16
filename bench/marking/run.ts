/**
 * `npx tsx bench/marking/run.ts [sheets per part] [--part tuning|wide|held-out] [--details] [--save dir] [--cache dir]`:
 * generates the evaluation's sheets, marks them and prints the four figures for each part.
 * `--cache` keeps each generated sheet (photo, request, truth) in the directory and reads it
 * back next time: generating is most of a run, and a sheet's part and index fix it anyway.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, figures, markSamples } from './evaluate.js';
import { generateSample, type Part, type Sample } from './generate.js';

const args = process.argv.slice(2);
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? 12);
const only = args.includes('--part') ? (args[args.indexOf('--part') + 1] as Part) : undefined;
const details = args.includes('--details');
const save = args.includes('--save') ? args[args.indexOf('--save') + 1] : undefined;
const cache = args.includes('--cache') ? args[args.indexOf('--cache') + 1] : undefined;

async function sample(part: Part, index: number): Promise<Sample> {
  if (!cache) return generateSample(part, index);
  const file = path.join(cache, `${part}-${index}.json`);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Sample & { photo: string };
    return { ...saved, photo: Buffer.from(saved.photo, 'base64') };
  }
  const made = await generateSample(part, index);
  mkdirSync(cache, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...made, photo: made.photo.toString('base64') }));
  return made;
}

for (const part of only ? [only] : (['tuning', 'held-out'] as Part[])) {
  const samples = [];
  for (let i = 0; i < count; i++) samples.push(await sample(part, i));
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
