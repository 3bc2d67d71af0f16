/**
 * Worksheet scanning: seconds per scan for each language, cold (the first scan, which starts
 * the language's Tesseract worker) and warm, and the process's peak resident memory while
 * that language is in use. Each language runs in a fresh process.
 * Run alone with `npx tsx bench/scan.ts`.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { LANGUAGES, type Language } from '@spellwell/shared';
import { createOcrService } from '../packages/server/src/modules/ocr/ocr-service.js';
import { renderWorksheet, SAMPLE_WORD_LISTS } from '../packages/server/test/support/worksheet-images.js';
import { fmt, isMain, table, type Section } from './lib/report.js';

const WARM_RUNS = 3;
const run = promisify(execFile);

interface Sheet {
  name: string;
  image: Buffer;
}

/** Samples resident memory often enough to catch a worker's peak while it loads and reads. */
function rssSampler() {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, (performance.now() - start) / 1000];
}

async function sheets(language: Language): Promise<Sheet[]> {
  const words = SAMPLE_WORD_LISTS[language];
  const photo = await renderWorksheet({ words, language, photo: true });
  // What a phone sends: a 12-megapixel JPEG (the sheet enlarged to 4032 px on its long side).
  const phone = await sharp(photo)
    .resize({ width: 4032, height: 4032, fit: 'inside' })
    .jpeg({ quality: 85 })
    .toBuffer();
  return [
    { name: 'clean PNG', image: await renderWorksheet({ words, language }) },
    { name: 'photo-like JPEG', image: photo },
    { name: '12 MP phone JPEG', image: phone },
  ];
}

const recall = (words: readonly string[], found: string[]) =>
  words.filter((w) => found.includes(w)).length / words.length;

interface LanguageResult {
  language: Language;
  cold: number;
  warm: number[];
  peakRss: number;
  startRss: number;
  recalls: number[];
}

async function measureLanguage(language: Language): Promise<LanguageResult> {
  const samples = await sheets(language);
  const startRss = process.memoryUsage.rss();
  const ocr = createOcrService();
  const memory = rssSampler();
  const [coldWords, cold] = await timed(() => ocr.scan(language, samples[0]!.image).then((r) => r.words));
  const warm: number[] = [];
  const recalls = [recall(SAMPLE_WORD_LISTS[language], coldWords)];
  for (const sheet of samples) {
    let total = 0;
    for (let i = 0; i < WARM_RUNS; i++) {
      const [words, seconds] = await timed(() => ocr.scan(language, sheet.image).then((r) => r.words));
      total += seconds;
      if (i === 0) recalls.push(recall(SAMPLE_WORD_LISTS[language], words));
    }
    warm.push(total / WARM_RUNS);
  }
  const peakRss = memory.stop();
  await ocr.close();
  return { language, cold, warm, peakRss, startRss, recalls };
}

/**
 * How long the "all languages" server's workers and models wait idle before they stop, and
 * then its resting memory is read. Short, so the bench does not wait the server's 3 minutes;
 * `SCAN_BENCH_IDLE_MS` sets it (longer than the whole run keeps every worker up to the peak).
 */
const IDLE_MS = Number(process.env.SCAN_BENCH_IDLE_MS ?? 5_000);

interface AllResult {
  startRss: number;
  peakRss: number;
  idleRss: number;
  warm12mp: Record<string, number>;
}

/**
 * One server that scans every language in turn (a family with sheets in four languages), as
 * issue 33 measures it: its peak memory, and its memory once idle (workers and models stopped
 * after `IDLE_MS`, a short stand-in for the server's idle time).
 */
async function measureAll(): Promise<AllResult> {
  const samples = new Map<Language, Sheet[]>();
  for (const language of LANGUAGES) samples.set(language, await sheets(language));
  const startRss = process.memoryUsage.rss();
  // No timeout: on a shared machine a scan may wait long for a core, and memory is what is measured.
  const ocr = createOcrService({
    idleMs: IDLE_MS,
    timeoutMs: 3_600_000,
  });
  const memory = rssSampler();
  const warm12mp: Record<string, number> = {};
  for (const language of LANGUAGES) {
    const phone = samples.get(language)![2]!;
    await ocr.scan(language, samples.get(language)![0]!.image);
    await ocr.scan(language, phone.image);
    warm12mp[language] = (await timed(() => ocr.scan(language, phone.image)))[1];
  }
  const peakRss = memory.stop();
  // With an idle time longer than a minute only the peak is measured (no waiting that long).
  const idleRss =
    IDLE_MS > 60_000
      ? Number.NaN
      : await new Promise<number>((resolve) =>
          setTimeout(() => resolve(process.memoryUsage.rss()), IDLE_MS + 3_000),
        );
  await ocr.close();
  return { startRss, peakRss, idleRss, warm12mp };
}

/**
 * The C allocator's settings the server is started with (`MALLOC_ARENA_MAX=2
 * MALLOC_MMAP_THRESHOLD_=131072`, docs/ocr.md), read from packages/server's `start` script, so
 * the measured processes run as production does. `SCAN_BENCH_DEFAULT_MALLOC=1` leaves glibc's
 * defaults, to measure without them.
 */
function productionAllocatorEnv(): Record<string, string> {
  if (process.env.SCAN_BENCH_DEFAULT_MALLOC) return {};
  const manifest = JSON.parse(
    readFileSync(new URL('../packages/server/package.json', import.meta.url), 'utf8'),
  ) as { scripts: Record<string, string> };
  const settings = [...manifest.scripts.start!.matchAll(/\b(MALLOC_[A-Z_]+)=(\S+)/g)];
  if (settings.length === 0) throw new Error('packages/server start script sets no MALLOC_ variable');
  return Object.fromEntries(settings.map(([, name, value]) => [name!, value!]));
}

function allocatorNote(): string {
  const settings = Object.entries(productionAllocatorEnv()).map(([name, value]) => `${name}=${value}`);
  return settings.length > 0
    ? `C allocator as the server's start script sets it: ${settings.join(' ')}.`
    : "C allocator: glibc's defaults (SCAN_BENCH_DEFAULT_MALLOC).";
}

/** Each language in its own process, so one language's memory does not count for the next. */
async function measureInChild(language: Language): Promise<LanguageResult> {
  const { stdout } = await run(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, ...productionAllocatorEnv(), SCAN_BENCH_LANGUAGE: language },
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as LanguageResult;
}

export async function runScanBench(): Promise<Section> {
  const results: LanguageResult[] = [];
  for (const language of LANGUAGES) results.push(await measureInChild(language));
  const { stdout } = await run(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, ...productionAllocatorEnv(), SCAN_BENCH_LANGUAGE: 'all' },
    maxBuffer: 1024 * 1024,
  });
  const all = JSON.parse(stdout.trim().split('\n').at(-1)!) as AllResult;
  const rows = results.map((r) => [
    r.language,
    r.cold.toFixed(2),
    ...r.warm.map((s) => s.toFixed(2)),
    fmt.mb(r.peakRss),
    fmt.mb(r.peakRss - r.startRss),
    r.recalls.map(fmt.pct).join(' / '),
  ]);
  const body = [
    `tesseract.js 7, \`4.0.0_best_int\` models, one worker per language, each language in a fresh process; ` +
      `${WARM_RUNS} warm runs per image after the cold one; 12 words per sheet (test/support/worksheet-images.ts). ` +
      `Times include sharp's preparation, a second pass when the print is far from the best size, and the word-list cleanup. ` +
      `${allocatorNote()} ` +
      `Machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end of the run.`,
    '',
    table(
      [
        'language',
        'cold s (first scan)',
        ...['clean PNG', 'photo-like JPEG', '12 MP phone JPEG'].map((n) => `warm s (${n})`),
        'peak RSS',
        'growth while scanning',
        'recall (cold / clean / photo / 12 MP)',
      ],
      rows,
    ),
    '',
    `One server scanning all four languages in turn (a clean sheet, then the 12 MP photo twice each): ` +
      `before ${fmt.mb(all.startRss)}, peak ${fmt.mb(all.peakRss)}, ${IDLE_MS / 1000 + 3} s after its ` +
      `workers and models went idle ${fmt.mb(all.idleRss)}; warm 12 MP s ` +
      LANGUAGES.map((l) => `${l} ${all.warm12mp[l]!.toFixed(2)}`).join(', ') +
      '.',
  ].join('\n');
  return { title: 'Worksheet scanning (OCR)', body, misses: [] };
}

if (process.env.SCAN_BENCH_LANGUAGE === 'all') {
  console.info(JSON.stringify(await measureAll()));
} else if (process.env.SCAN_BENCH_LANGUAGE) {
  console.info(JSON.stringify(await measureLanguage(process.env.SCAN_BENCH_LANGUAGE as Language)));
} else if (isMain(import.meta.url)) {
  const section = await runScanBench();
  console.info(`## ${section.title}\n\n${section.body}\n`);
}
