/**
 * Where the time of a warm 12-megapixel scan goes: each step (decoding with sharp, the OpenCV
 * steps, PNG encoding, each Tesseract pass) averaged over warm runs, with the wall-clock and
 * CPU seconds of the whole scan. On a busy machine the wall clock is inflated by waiting for a
 * core; the CPU seconds (this process, all its threads, Tesseract's included) are what a quiet
 * machine of the same speed would take, as every step runs one after another.
 *
 *   npx tsx bench/scan-profile.ts [runs] [tuning-photo-name-filter] [--turn=90|180|270]
 *
 * `--turn` turns each photo that many degrees clockwise first, without EXIF (as bench/scan-recall.ts
 * does): the scan must find which way is up by itself.
 * `--compiled` profiles the scanner compiled as production compiles it (scripts/esbuild-options.ts)
 * instead of under tsx, whose transform (it keeps every function's name) makes small functions
 * called per pixel several times slower. Production's allocator settings come from the
 * environment: prefix `MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072` as `npm start` does.
 * With a name filter, the `tuning` split's photos whose name holds it are profiled instead
 * (e.g. `laptop-screen`: where a moiré photo's time goes). Never the held-out split.
 */
import os from 'node:os';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { fileURLToPath } from 'node:url';
import type { Language } from '@spellwell/shared';
import path from 'node:path';
import { build } from 'esbuild';
import { createOcrService as fromSource } from '../packages/server/src/modules/ocr/ocr-service.js';
import { serverBuildOptions } from '../packages/server/scripts/esbuild-options.js';
import { stopwatch } from '../packages/server/src/modules/ocr/stopwatch.js';
import { score } from '../packages/server/test/support/scan-fixtures.js';
import { loadPhotoSplit, readPhoto } from '../packages/server/test/support/scan-photos.js';
import { table } from './lib/report.js';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const turn = Number(process.argv.find((a) => a.startsWith('--turn='))?.slice('--turn='.length) ?? 0);
const RUNS = Number(args[0] ?? 3);
const FIXTURES = fileURLToPath(new URL('../packages/server/test/fixtures/scans/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${FIXTURES}manifest.json`, 'utf8')) as {
  file: string;
  language: Language;
  words: string[];
}[];

const FILTER = args[1];
/** The committed 12 MP phone photos (stored sideways with an EXIF rotation), or tuning photos. */
const PHOTOS: { file: string; language: Language; words: string[]; bytes: () => Buffer }[] = FILTER
  ? loadPhotoSplit('tuning')
      .filter((f) => f.file.includes(FILTER))
      .map((f) => ({ ...f, bytes: () => readPhoto('tuning', f) }))
  : manifest
      .filter((f) => f.file.includes('12mp'))
      .map((f) => ({ ...f, bytes: () => readFileSync(`${FIXTURES}${f.file}`) }));

/** The photo upright as the parent saw it (EXIF applied), then turned, with no EXIF left. */
async function turned(image: Buffer): Promise<Buffer> {
  if (!turn) return image;
  const upright = await sharp(image).rotate().toBuffer();
  return sharp(upright).rotate(turn).jpeg({ quality: 92 }).toBuffer();
}

/** The scanner as production runs it: compiled by esbuild beside the bench, without tsx. */
async function compiledService(): Promise<typeof fromSource> {
  const outdir = fileURLToPath(new URL('./.build/scan-profile/', import.meta.url));
  const entry = fileURLToPath(new URL('../packages/server/src/modules/ocr/ocr-service.ts', import.meta.url));
  await build(serverBuildOptions({ 'ocr-service': entry }, outdir));
  const compiled = (await import(path.join(outdir, 'ocr-service.mjs'))) as {
    createOcrService: typeof fromSource;
  };
  return compiled.createOcrService;
}
const createOcrService = process.argv.includes('--compiled') ? await compiledService() : fromSource;

// A tuning photo may take long on a busy machine: where its time goes is what is measured.
const ocr = createOcrService(FILTER ? { timeoutMs: 3_600_000 } : {});
const rows: string[][] = [];
const stepRows: string[][] = [];
try {
  for (const photo of PHOTOS) {
    const image = await turned(photo.bytes());
    await ocr.scan(photo.language, image); // cold: starts the worker and loads OpenCV
    const totals = new Map<string, number>();
    const cpuTotals = new Map<string, number>();
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
      for (const [step, ms] of watch.cpu) cpuTotals.set(step, (cpuTotals.get(step) ?? 0) + ms);
    }
    rows.push([
      photo.file,
      (wall / RUNS / 1000).toFixed(2),
      (cpu / RUNS / 1000).toFixed(2),
      `${Math.round(recall * 100)}%`,
    ]);
    for (const [step, ms] of totals)
      stepRows.push([
        photo.file,
        step,
        Math.round(ms / RUNS).toString(),
        Math.round((cpuTotals.get(step) ?? 0) / RUNS).toString(),
      ]);
  }
} finally {
  await ocr.close();
}
console.info(
  `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min) at the end; ${RUNS} warm runs each${
    process.argv.includes('--compiled') ? ', compiled' : ', under tsx'
  }${turn ? `, turned ${turn}° without EXIF` : ''}.\n`,
);
console.info(table(['image', 'warm wall s', 'warm CPU s', 'recall'], rows));
console.info();
console.info(table(['image', 'step', 'wall ms (average)', 'CPU ms (average)'], stepRows));
