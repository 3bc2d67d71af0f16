/**
 * Issue 33's memory target as the server meets it: "peak RSS of one server that has scanned
 * all four languages ≤ 550 MB, and back within 100 MB of its pre-scan size when idle". The
 * compiled server (the start script's C allocator settings and node flags, default SCAN_*
 * settings) reads a 12 MP phone photo in each language in turn, twice, through
 * `POST /api/official-wordset/ocr`; the resident memory of the server and every process it
 * starts is sampled every 10 ms. Then
 * the server is left alone past the scan processes' idle time (`OCR_DEFAULTS.idleMs`, 3 min)
 * and read again.
 *
 * bench/scan.ts measures the reader inside one process instead (its models in the measuring
 * process): what one scan process costs, not what the server holds.
 *
 * Run alone with `npx tsx bench/scan-server-memory.ts` (about 4 minutes, mostly the idle wait).
 */
import { loadavg } from 'node:os';
import { OCR_DEFAULTS } from '../packages/server/src/modules/ocr/ocr-service.js';
import { fmt, isMain, table, type Section } from './lib/report.js';
import { productionAllocatorEnv, productionNodeArgs, startServer } from './lib/server-process.js';
import { threadsOf, treeRssBytes } from './lib/thread-cpu.js';
import { post, resized, type ServerInfo } from './scan-flood.js';

export const SCAN_MEMORY_TARGETS = {
  peakRssBytes: 550 * 1024 * 1024,
  /** Idle memory may exceed the pre-scan memory by this much. */
  idleGrowthBytes: 100 * 1024 * 1024,
} as const;

/** Past the scan processes' idle time, with room for them to exit. */
const IDLE_WAIT_MS = OCR_DEFAULTS.idleMs + 15_000;

const processCount = (pid: number) => new Set(threadsOf(pid).map((t) => t.pid)).size;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runScanServerMemoryBench(): Promise<Section> {
  const photos = await Promise.all([
    resized('en-phone-12mp-exif.jpg', 'English', 12, 'jpeg'),
    resized('zh-jobs-12mp-exif6.jpg', 'Chinese', 12, 'jpeg'),
    resized('ms-phone-desk.jpg', 'Malay', 12, 'jpeg'),
    resized('ta-phone-desk.jpg', 'Tamil', 12, 'jpeg'),
  ]);
  const server = await startServer<ServerInfo>(
    'scan-app.ts',
    // Memory is measured, not time: on a loaded machine a scan may wait past the 60 s timeout.
    { SCAN_TIMEOUT_MS: '600000', ...process.env, ...productionAllocatorEnv(), RATE_LIMIT_MULTIPLIER: '100' },
    { compiled: true, nodeArgs: productionNodeArgs() },
  );
  const rss = () => treeRssBytes(server.pid);
  const own = () => server.rssBytes();
  const rows: (string | number)[][] = [];
  let peak = 0;
  let peakOwn = 0;
  let sampler: NodeJS.Timeout | undefined;
  try {
    await sleep(2_000); // the server settles after listening
    const before = rss();
    let phasePeak = 0;
    const row = (moment: string) => {
      const cells = [moment, fmt.mb(rss()), fmt.mb(phasePeak), fmt.mb(own()), processCount(server.pid)];
      phasePeak = 0;
      return cells;
    };
    rows.push(row('before any scan'));
    peak = before;
    sampler = setInterval(() => {
      const now = rss();
      peak = Math.max(peak, now);
      phasePeak = Math.max(phasePeak, now);
      peakOwn = Math.max(peakOwn, own());
    }, 10);
    for (const photo of photos) {
      for (let i = 0; i < 2; i++) {
        const status = await post(server.info, server.info.flooding, photo);
        if (status !== '200') throw new Error(`${photo.language} scan answered ${status}`);
      }
      rows.push(row(`after ${photo.language} (two 12 MP photos)`));
    }
    clearInterval(sampler);
    rows.push(['the whole scanning', '', fmt.mb(peak), fmt.mb(peakOwn), '']);
    // SCAN_MEMORY_SKIP_IDLE=1 measures the scanning only (a quick look at the peak).
    if (!process.env.SCAN_MEMORY_SKIP_IDLE) await sleep(IDLE_WAIT_MS);
    const idle = rss();
    rows.push(row(`idle, ${IDLE_WAIT_MS / 1000} s after the last scan`));

    const misses: string[] = [];
    if (peak > SCAN_MEMORY_TARGETS.peakRssBytes) misses.push(`peak RSS ${fmt.mb(peak)} while scanning`);
    if (idle - before > SCAN_MEMORY_TARGETS.idleGrowthBytes)
      misses.push(`idle RSS ${fmt.mb(idle - before)} above its pre-scan size`);
    const body = [
      'The compiled server as `npm start` runs it (default `SCAN_THREADS`, the C allocator settings and node flags of the start script), one parent scanning a 12 MP phone JPEG twice in each language in turn. RSS of the server and every process it starts, sampled every 10 ms while scanning. Targets (issue 33): peak ≤ 550 MB; idle within 100 MB of the pre-scan size.',
      '',
      table(
        [
          'moment',
          'RSS, server and its processes',
          'peak since the row above',
          'RSS, server alone',
          'processes',
        ],
        rows,
      ),
      '',
      `Idle growth: ${fmt.mb(idle - before)}. Load average at the end: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(', ')}.`,
    ].join('\n');
    return { title: 'Scan memory of the server', body, misses };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const section = await runScanServerMemoryBench();
  console.info(`## ${section.title}\n\n${section.body}\n`);
  if (section.misses.length) console.info(`Below target:\n${section.misses.map((m) => `- ${m}`).join('\n')}`);
}
