/**
 * The account export of a parent with 500 MB of recordings (issue 41): how much the server
 * grows while it streams, and what another parent's `/api/auth/me` p99 does meanwhile, against
 * its p99 measured just before in the same run. The download runs in a worker thread (its own
 * event loop), asks for compression as a browser does, and reads as fast as it can.
 */
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { fmt, isMain, table, type Section } from './lib/report.js';
import { startServer } from './lib/server-process.js';

interface Info {
  url: string;
  recordingBytes: number;
  exporter: string;
  other: string;
}

export const EXPORT_TARGETS = { growthBytes: 100 * 1024 * 1024, p99Ratio: 2 } as const;
/** Requests of the other parent in flight at once, each sent again as soon as it is answered. */
const PROBES = 4;
const BASELINE_MS = 8000;

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const p99 = (ms: number[]) =>
  [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))]!;

/** Another parent's `/api/auth/me`, timed, until `until` resolves. */
async function probe(info: Info, until: Promise<unknown>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: PROBES });
  const { hostname, port } = new URL(info.url);
  const times: number[] = [];
  let stopped = false;
  void until.then(() => (stopped = true));
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const sent = performance.now();
      http
        .get(
          { hostname, port, path: '/api/auth/me', agent, headers: { authorization: info.other } },
          (res) => {
            if (res.statusCode !== 200) reject(new Error(`/api/auth/me answered ${res.statusCode}`));
            res.resume();
            res.on('end', () => {
              times.push(performance.now() - sent);
              resolve();
            });
          },
        )
        .on('error', reject);
    });
  await Promise.all(
    Array.from({ length: PROBES }, async () => {
      while (!stopped) await one();
    }),
  );
  agent.destroy();
  return times;
}

/** Downloads the export in a worker thread; resolves with its size and duration. */
function download(info: Info): Promise<{ bytes: number; ms: number; status: number; encoding: string }> {
  const worker = new Worker(
    `
    const http = require('node:http');
    const { parentPort, workerData } = require('node:worker_threads');
    const started = performance.now();
    http.get(workerData.url + '/api/account/export', {
      headers: { authorization: workerData.auth, 'accept-encoding': 'gzip, deflate, br, zstd' },
    }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => parentPort.postMessage({
        bytes, ms: performance.now() - started, status: res.statusCode,
        encoding: String(res.headers['content-encoding'] ?? 'identity'),
      }));
    }).on('error', (error) => { throw error; });
    `,
    { eval: true, workerData: { url: info.url, auth: info.exporter } },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', (result) => {
      void worker.terminate();
      resolve(result as { bytes: number; ms: number; status: number; encoding: string });
    });
    worker.once('error', reject);
  });
}

export async function runExportBench(): Promise<Section> {
  const server = await startServer<Info>('export.ts', {}, { compiled: true });
  const { info } = server;
  try {
    await settle(3000);
    // A first round warms the route up (its code compiled, its connections open); not counted.
    await probe(info, settle(3000));
    const baseline = await probe(info, settle(BASELINE_MS));
    const rssBefore = server.rssBytes();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, server.rssBytes())), 50);
    const exported = download(info);
    const during = await probe(info, exported);
    const result = await exported;
    clearInterval(sampler);
    if (result.status !== 200) throw new Error(`the export answered ${result.status}`);

    const growth = rssPeak - rssBefore;
    const ratio = p99(during) / p99(baseline);
    const misses: string[] = [];
    if (growth > EXPORT_TARGETS.growthBytes)
      misses.push(
        `Account export: the server grew ${fmt.mb(growth)} (target ≤ ${fmt.mb(EXPORT_TARGETS.growthBytes)})`,
      );
    if (ratio > EXPORT_TARGETS.p99Ratio)
      misses.push(`Account export: another parent's p99 ${ratio.toFixed(2)}× its baseline (target ≤ 2×)`);
    const body = [
      `An account with ${fmt.mb(info.recordingBytes)} of recordings (2,000 words at 256 KB, a year of grades) downloaded once, as a browser asks (\`accept-encoding: gzip, deflate, br, zstd\`: answered \`${result.encoding}\`), while another parent asks \`/api/auth/me\` ${PROBES} at a time. Baseline: the same requests for ${BASELINE_MS / 1000} s just before. Server: the production build, SQLite. \`npx tsx bench/export.ts\`.`,
      '',
      table(
        ['measure', 'value', 'target'],
        [
          ['export: bytes sent', fmt.mb(result.bytes), '—'],
          ['export: time', `${(result.ms / 1000).toFixed(1)} s`, '—'],
          ['server RSS before → peak', `${fmt.mb(rssBefore)} → ${fmt.mb(rssPeak)}`, '—'],
          ['server RSS growth during the export', fmt.mb(growth), `≤ ${fmt.mb(EXPORT_TARGETS.growthBytes)}`],
          ['other parent: /api/auth/me p99, baseline', fmt.ms(p99(baseline)), '—'],
          ['other parent: /api/auth/me p99, during the export', fmt.ms(p99(during)), '—'],
          ['ratio (during / baseline)', `${ratio.toFixed(2)}×`, '≤ 2×'],
          ['other parent: requests answered during the export', fmt.int(during.length), '—'],
        ],
      ),
    ].join('\n');
    return { title: 'Account export', body, misses };
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const section = await runExportBench();
  console.info(`## ${section.title}\n\n${section.body}\n`);
  if (section.misses.length) console.info(section.misses.map((m) => `- ${m}`).join('\n'));
}
