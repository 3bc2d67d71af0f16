/**
 * Where the time of a warm 12-megapixel scan goes: each step (decoding with sharp, the OpenCV
 * steps, PNG encoding, each Tesseract pass) averaged over warm runs, with the wall-clock and
 * CPU seconds of the whole scan. On a busy machine the wall clock is inflated by waiting for a
 * core; the CPU seconds (this process, all its threads, Tesseract's included) are what a quiet
 * machine of the same speed would take, as every step runs one after another.
 *
 *   npx tsx bench/scan-profile.ts [runs] [tuning-photo-name-filter]
 *
 * With a name filter, the `tuning` split's photos whose name holds it are profiled instead
 * (e.g. `laptop-screen`: where a moiré photo's time goes). Never the held-out split.
 */
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Language } from '@spellwell/shared';
import { createOcrService } from '../packages/server/src/modules/ocr/ocr-service.js';
import { stopwatch } from '../packages/server/src/modules/ocr/stopwatch.js';
import { score } from '../packages/server/test/support/scan-fixtures.js';
import { loadPhotoSplit, readPhoto } from '../packages/server/test/support/scan-photos.js';
import { table } from './lib/report.js';

const RUNS = Number(process.argv[2] ?? 3);
const FIXTURES = fileURLToPath(new URL('../packages/server/test/fixtures/scans/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${FIXTURES}manifest.json`, 'utf8')) as {
  file: string;
  language: Language;
  words: string[];
}[];

const FILTER = process.argv[3];
/** The committed 12 MP phone photos (stored sideways with an EXIF rotation), or tuning photos. */
const PHOTOS: { file: string; language: Language; words: string[]; bytes: () => Buffer }[] = FILTER
  ? loadPhotoSplit('tuning')
      .filter((f) => f.file.includes(FILTER))
      .map((f) => ({ ...f, bytes: () => readPhoto('tuning', f) }))
  : manifest
      .filter((f) => f.file.includes('12mp'))
      .map((f) => ({ ...f, bytes: () => readFileSync(`${FIXTURES}${f.file}`) }));

// A tuning photo may take long on a busy machine: where its time goes is what is measured.
const ocr = createOcrService(FILTER ? { timeoutMs: 3_600_000 } : {});
const rows: string[][] = [];
const stepRows: string[][] = [];
try {
  for (const photo of PHOTOS) {
    const image = photo.bytes();
    await ocr.scan(photo.language, image); // cold: starts the worker and loads OpenCV
    const totals = new Map<string, number>();
    let wall = 0;
    let cpu = 0;
    let recall = 0;
    for (let i = 0; i < RUNS; i++) {
      const watch = stopwatch();
      const cpuBefore = process.cpuUsage();
      const start = performance.now();
      const result = await ocr.scan(photo.language, image, watch.lap);
      wall += performance.now() - start;
      const used = process.cpuUsage(cpuBefore);
      cpu += (used.user + used.system) / 1000;
      recall = score(photo.words, result.words).recall;
      for (const [step, ms] of watch.steps) totals.set(step, (totals.get(step) ?? 0) + ms);
    }
    rows.push([
      photo.file,
      (wall / RUNS / 1000).toFixed(2),
      (cpu / RUNS / 1000).toFixed(2),
      `${Math.round(recall * 100)}%`,
    ]);
    for (const [step, ms] of totals) stepRows.push([photo.file, step, Math.round(ms / RUNS).toString()]);
  }
} finally {
  await ocr.close();
}
console.info(
  `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min) at the end; ${RUNS} warm runs each.\n`,
);
console.info(table(['image', 'warm wall s', 'warm CPU s', 'recall'], rows));
console.info();
console.info(table(['image', 'step', 'ms (wall, average)'], stepRows));
