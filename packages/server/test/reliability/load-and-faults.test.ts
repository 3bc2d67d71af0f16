import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { WORDS_PER_SET, compare, newLoadResult, readRows, runLoad } from './support/load.js';
import { ENGINE, createStore, startServer } from './support/server-process.js';

const PARENTS = 50;

async function waitFor(condition: () => boolean, timeoutMs: number, what: string) {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe(`load and faults against real server processes (${ENGINE})`, () => {
  it(`${PARENTS} concurrent parents for 12 s: every acknowledged write stored exactly once, no 5xx`, async () => {
    const store = await createStore();
    const server = await startServer(store);
    const started = Date.now();
    const result = await runLoad(() => server.url, PARENTS, 12_000);
    const seconds = (Date.now() - started) / 1000;
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });

    expect(result.serverErrors).toEqual([]);
    expect(result.failures).toEqual([]);
    expect(result.networkErrors).toBe(0);
    expect(result.staleReads).toEqual([]);
    expect(result.acked.parents.size).toBe(PARENTS);
    // Every parent finished at least one whole round.
    expect(result.acked.grades.size).toBeGreaterThanOrEqual(PARENTS * WORDS_PER_SET);
    const rows = await readRows(store.query, result.acked.parents);
    expect(compare(result.acked, rows, true)).toEqual([]);
    expect(await store.integrityCheck()).toBe('ok');
    console.info(
      `[reliability ${ENGINE}] ${result.requests} requests in ${seconds.toFixed(1)} s (${Math.round(result.requests / seconds)}/s), ` +
        `${result.acked.children.size} children, ${result.acked.sets.size} sets, ${result.acked.grades.size} grades, all accounted for`,
    );
  }, 120_000);

  it('SIGKILL in the middle of the load, restart on the same data: every acknowledged write is there', async () => {
    const store = await createStore();
    let server = await startServer(store);
    const result = newLoadResult();
    const load = runLoad(() => server.url, PARENTS, 15_000, result);
    // Well into the load: many grades acknowledged, more in flight.
    await waitFor(() => result.acked.grades.size >= 400, 60_000, '400 acknowledged grades');
    server.child.kill('SIGKILL');
    await load;
    expect((await server.exited).signal).toBe('SIGKILL');
    expect(result.networkErrors).toBeGreaterThan(0);
    expect(result.serverErrors).toEqual([]);

    // What the killed server acknowledged, read before anything else can write.
    const rows = await readRows(store.query, result.acked.parents);
    expect(compare(result.acked, rows, false)).toEqual([]);
    // At most one request per parent was in flight: that bounds what may exist unacknowledged.
    expect(rows.gradeKeys.size - result.acked.grades.size).toBeLessThanOrEqual(PARENTS);
    expect(rows.children.size - result.acked.children.size).toBeLessThanOrEqual(PARENTS);

    // The restarted server recovers the same data and takes writes again, exactly. (A running
    // server holds the SQLite file exclusively, so the rows are read once it has stopped.)
    server = await startServer(store);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const after = await runLoad(() => server.url, 10, 2_000);
    expect(after.serverErrors).toEqual([]);
    expect(after.failures).toEqual([]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(compare(after.acked, await readRows(store.query, after.acked.parents), true)).toEqual([]);
    expect(compare(result.acked, await readRows(store.query, result.acked.parents), false)).toEqual([]);
    expect(await store.integrityCheck()).toBe('ok');
  }, 180_000);
});
