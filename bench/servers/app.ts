// The real SpellWell app with one parent's data, for the API and memory benchmarks.
import { startBenchApp, type Engine } from '../lib/bench-app.js';

const engine = (process.env.BENCH_ENGINE ?? 'sqlite') as Engine;
const bench = await startBenchApp(engine, {
  serveWeb: Boolean(process.env.BENCH_WEB_DIST),
  ...(process.env.BENCH_WEB_DIST ? { webDist: process.env.BENCH_WEB_DIST } : {}),
});
const { app: _app, close, ...info } = bench;
console.info(JSON.stringify(info));
process.on('SIGTERM', () => void close().then(() => process.exit(0)));
// The memory benchmark asks for a full collection to tell a leak from a lazy collector.
process.on('message', (message) => {
  if (message !== 'gc') return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.(process.memoryUsage().heapUsed);
});
