/**
 * Two versions of the server under the API benchmark's loads in one run: the checkout in
 * BENCH_BEFORE_DIR (an earlier commit, with its node_modules) and this one. Each round runs
 * bare Fastify, then both versions (which one first alternates), so a change in the machine's
 * load during the run falls on both alike; each keeps its best round, p99 is its worst.
 *
 *   git archive <commit> | tar -x -C /tmp/before   # and link or install its node_modules
 *   BENCH_BEFORE_DIR=/tmp/before TEST_DATABASE_URL=… npx tsx bench/compare-api.ts
 */
import path from 'node:path';
import { bestOf, ROUNDS, routeLoads, type AppInfo } from './api.js';
import { POSTGRES_URL, type Engine } from './lib/bench-app.js';
import { load, warmThenLoad, type LoadResult } from './lib/load.js';
import { fmt, isMain, table } from './lib/report.js';
import { startServer } from './lib/server-process.js';

const beforeDir = process.env.BENCH_BEFORE_DIR;
/** Only the routes whose name contains this, e.g. BENCH_ONLY=POST; BENCH_ENGINES=postgres for one engine. */
const only = process.env.BENCH_ONLY;
const engines = (process.env.BENCH_ENGINES ?? (POSTGRES_URL ? 'sqlite,postgres' : 'sqlite')).split(
  ',',
) as Engine[];

async function compare(engine: Engine, fastifyUrl: string): Promise<(string | number)[][]> {
  // Both start (and seed) at once: their signed-in headers carry 15-minute access tokens, and
  // on a busy machine seeding one version took 8 minutes, so the first one's tokens ran out
  // (401s) while the second was still seeding.
  const started = await Promise.allSettled([
    startServer<AppInfo>('app.ts', { BENCH_ENGINE: engine }, { benchDir: path.join(beforeDir!, 'bench') }),
    startServer<AppInfo>('app.ts', { BENCH_ENGINE: engine }),
  ]);
  const [beforeStart, afterStart] = started;
  if (beforeStart.status === 'rejected' || afterStart.status === 'rejected') {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    throw started.find((s) => s.status === 'rejected')!.reason;
  }
  const [before, after] = [beforeStart.value, afterStart.value];
  try {
    const rows: (string | number)[][] = [];
    const afterLoads = routeLoads(after.info);
    for (const [i, route] of routeLoads(before.info).entries()) {
      if (only && !route.name.includes(only)) continue;
      const runs: Record<'fastify' | 'before' | 'after', LoadResult[]> = {
        fastify: [],
        before: [],
        after: [],
      };
      for (let round = 0; round < ROUNDS; round++) {
        const run = round === 0 ? warmThenLoad : load;
        runs.fastify.push(await run({ url: `${fastifyUrl}/` }));
        const order = round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
        for (const side of order)
          runs[side].push(await run(side === 'before' ? route.options : afterLoads[i]!.options));
      }
      const [fastify, b, a] = [bestOf(runs.fastify), bestOf(runs.before), bestOf(runs.after)];
      const cells = (r: LoadResult) =>
        `${fmt.int(r.rps)} (${fmt.pct(r.rps / fastify.rps)}), p99 ${fmt.ms(r.p99)}${r.failures ? `, ${r.failures} failed` : ''}`;
      rows.push([
        `${engine}: ${route.name}`,
        fmt.int(fastify.rps),
        cells(b),
        cells(a),
        fmt.pct(a.rps / b.rps),
      ]);
    }
    return rows;
  } finally {
    await before.stop();
    await after.stop();
  }
}

if (isMain(import.meta.url)) {
  if (!beforeDir) throw new Error('set BENCH_BEFORE_DIR to a checkout of the version to compare with');
  const fastify = await startServer<{ url: string }>('fastify-hello.ts');
  const rows: (string | number)[][] = [];
  try {
    for (const engine of engines) {
      rows.push(...(await compare(engine, fastify.info.url)));
    }
  } finally {
    await fastify.stop();
  }
  console.info(
    table(
      [
        'route',
        'bare Fastify, best',
        'before: req/s (vs Fastify), p99',
        'after: req/s (vs Fastify), p99',
        'after vs before',
      ],
      rows,
    ),
  );
}
