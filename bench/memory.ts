/**
 * Server memory: resident set size of the real app's process idle, after rounds of 10,000
 * requests, and after rounds of 20 scans; repeated rounds show whether it keeps growing.
 */
import { SPEECH_POOL_DEFAULTS } from '../packages/server/src/modules/speech/espeak-engine.js';
import type { BenchApp } from './lib/bench-app.js';
import { load } from './lib/load.js';
import { fmt, isMain, table, type Section } from './lib/report.js';
import { startServer, type ServerProcess } from './lib/server-process.js';
import { worksheetPng } from './lib/worksheet.js';

type AppInfo = Omit<BenchApp, 'app' | 'close'>;
export const MEMORY_TARGETS = { idleBytes: 150 * 1024 * 1024 } as const;
const ROUNDS = 3;
const REQUESTS = 10_000;
const SCANS = 20;
const SPEECH_IDLE_MS = SPEECH_POOL_DEFAULTS.idleMs;
const SCAN_WORDS = [
  'accident',
  'believe',
  'calendar',
  'different',
  'February',
  'guard',
  'knowledge',
  'library',
];

const settle = (ms = 1500) => new Promise((r) => setTimeout(r, ms));

async function requestRound(server: ServerProcess<AppInfo>): Promise<number> {
  const { info } = server;
  const child = info.children[0]!;
  const urls = [
    `/api/word-sets/${info.parentId}`,
    `/api/review/today/${child.id}`,
    `/api/child/${child.id}/word-sets/${child.wordSets[0]!.id}`,
  ];
  let i = 0;
  const result = await load({
    url: `${info.url}${urls[0]}`,
    headers: info.headers,
    amount: REQUESTS,
    setupRequest: (req) => ({ ...req, path: urls[i++ % urls.length] }),
  });
  return result.failures;
}

/** Returns undefined when the scan route is not there yet. */
async function scanRound(server: ServerProcess<AppInfo>, image: Buffer): Promise<string | undefined> {
  const { info } = server;
  for (let i = 0; i < SCANS; i++) {
    const form = new FormData();
    form.set('parentId', info.parentId);
    form.set('language', 'English');
    form.set('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'worksheet.png');
    const res = await fetch(`${info.url}/api/official-wordset/ocr`, {
      method: 'POST',
      headers: { authorization: info.headers.authorization!, 'x-time-zone': 'Asia/Singapore' },
      body: form,
    });
    const body = await res.text();
    if (res.status === 404 && body.includes('No route')) return undefined;
    if (res.status !== 200) return `scan answered ${res.status}: ${body.slice(0, 120)}`;
  }
  return 'ok';
}

export async function runMemoryBench(): Promise<Section> {
  const misses: string[] = [];
  const server = await startServer<AppInfo>('app.ts', { BENCH_ENGINE: 'sqlite' }, { compiled: true });
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  try {
    await settle(3000);
    const baseline = await startServer<{ url: string }>('fastify-hello.ts', {}, { compiled: true });
    await settle();
    rows.push(['baseline: bare Fastify process, idle', fmt.mb(baseline.rssBytes()), '—', '—']);
    await baseline.stop();
    rows.push([
      'just after start-up and seeding (speech thread still warm)',
      fmt.mb(server.rssBytes()),
      fmt.mb(await server.heapAfterGc()),
      '—',
    ]);
    // Seeding pre-synthesised 200 words; the speech pool ends its idle threads after a minute.
    await settle(SPEECH_IDLE_MS + 5000);
    const idleHeap = await server.heapAfterGc();
    const idle = server.rssBytes();
    rows.push([
      `idle, ${(SPEECH_IDLE_MS + 5000) / 1000} s later (speech thread ended)`,
      fmt.mb(idle),
      fmt.mb(idleHeap),
      '—',
    ]);
    if (idle > MEMORY_TARGETS.idleBytes)
      misses.push(`idle RSS ${fmt.mb(idle)} (target < ${fmt.mb(MEMORY_TARGETS.idleBytes)})`);

    const afterRequests: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const failures = await requestRound(server);
      await settle();
      const heap = await server.heapAfterGc();
      afterRequests.push(heap);
      rows.push([
        `after ${fmt.int(REQUESTS * round)} requests (round ${round})`,
        fmt.mb(server.rssBytes()),
        fmt.mb(heap),
        failures ? `${failures} failed` : '—',
      ]);
    }
    const growth = afterRequests.at(-1)! - afterRequests[0]!;
    notes.push(
      `Live heap after a full collection, request round 1 to round ${ROUNDS}: ${fmt.mb(growth)} growth.`,
    );
    if (growth > 10 * 1024 * 1024) misses.push(`live heap grew ${fmt.mb(growth)} across request rounds`);

    const image = await worksheetPng(SCAN_WORDS);
    const afterScans: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const outcome = await scanRound(server, image);
      if (outcome === undefined) {
        notes.push('Scans: not measured: `POST /api/official-wordset/ocr` is not there yet.');
        break;
      }
      if (outcome !== 'ok') {
        notes.push(`Scans: stopped: ${outcome}.`);
        misses.push('scan memory: not measured (scan route failed)');
        break;
      }
      await settle();
      const heap = await server.heapAfterGc();
      afterScans.push(server.rssBytes());
      rows.push([
        `after ${SCANS * round} scans (round ${round})`,
        fmt.mb(afterScans.at(-1)!),
        fmt.mb(heap),
        '—',
      ]);
    }
    if (afterScans.length > 1) {
      const scanGrowth = afterScans.at(-1)! - afterScans[0]!;
      notes.push(`Growth from scan round 1 to round ${afterScans.length}: ${fmt.mb(scanGrowth)}.`);
      if (scanGrowth > 50 * 1024 * 1024) misses.push(`RSS grew ${fmt.mb(scanGrowth)} across scan rounds`);
    }
  } finally {
    await server.stop();
  }
  const body = [
    `Resident set size (VmRSS) of the app's own process on SQLite, compiled as \`npm start\` runs it (under tsx, the loader adds ~35 MB), read from /proc after each round settles, and the live JS heap after a forced full collection (a leak shows there; RSS also holds memory V8 keeps for reuse). Requests: the three read routes in turn, 20 connections. Scans: an ${SCAN_WORDS.length}-word English worksheet PNG made with sharp.`,
    `Targets: idle < ${fmt.mb(MEMORY_TARGETS.idleBytes)}; no growth across repeated rounds.`,
    '',
    table(['moment', 'RSS', 'live JS heap after GC', 'notes'], rows),
    '',
    notes.join(' '),
  ].join('\n');
  return { title: 'Server memory', body, misses };
}

if (isMain(import.meta.url)) {
  const section = await runMemoryBench();
  console.info(`## ${section.title}\n\n${section.body}\n`);
}
