import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../helper.js';
import { createStore, startServer, type ServerProcess } from '../reliability/support/server-process.js';

const onPath = (tool: string) => {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const CAN_RUN = Boolean(TEST_DATABASE_URL) && onPath('pg_dump') && onPath('pg_restore');

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
}

/** The commands docs/deploy.md gives, run for real: pg_dump -Fc, drop everything, pg_restore. */
describe.runIf(CAN_RUN)('PostgreSQL backup with pg_dump and pg_restore', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'spellwell-pgdump-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('a dump restored after the schema is dropped gives a server every child, set, word and grade', async () => {
    const store = await createStore();
    const server = await startServer(store);
    const call = async (method: string, url: string, body?: unknown, token?: string) => {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    const login = (await call('POST', '/api/auth/dev/login', { email: 'pgdump@example.com' })) as {
      userId: string;
      accessToken: string;
    };
    const child = await call(
      'POST',
      `/api/child/create/${login.userId}`,
      { childName: 'Kid' },
      login.accessToken,
    );
    const set = await call(
      'POST',
      `/api/word-sets/create/${String(child.id)}`,
      { testDate: '2099-01-01', description: 'Dumped', language: 'English', words: 'alpha\nbeta\ngamma' },
      login.accessToken,
    );
    const words =
      (set.words as { id: string }[] | undefined) ??
      ((
        await call(
          'GET',
          `/api/child/${String(child.id)}/word-sets/${String(set.id)}`,
          undefined,
          login.accessToken,
        )
      ).words as { id: string }[]);
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, key] of keys.entries())
      await call(
        'POST',
        `/api/words/update/${String(child.id)}/${words[i]!.id}`,
        { quality: 2, idempotencyKey: key },
        login.accessToken,
      );
    await stop(server);

    const dump = path.join(work, 'spellwell.dump');
    execFileSync('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--schema=${store.schema}`,
      `--file=${dump}`,
      TEST_DATABASE_URL!,
    ]);
    await store.query(`DROP SCHEMA ${store.schema} CASCADE`);
    expect(
      await store.query(`SELECT 1 FROM information_schema.schemata WHERE schema_name = ?`, [store.schema]),
    ).toEqual([]);
    execFileSync('pg_restore', ['--no-owner', `--dbname=${TEST_DATABASE_URL!}`, dump]);

    const again = await startServer(store);
    const ready = await fetch(`${again.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    const restored = await fetch(`${again.url}/api/child/${String(child.id)}/word-sets/${String(set.id)}`, {
      headers: { authorization: `Bearer ${login.accessToken}` },
    });
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as { words: unknown[] }).words).toHaveLength(3);
    await stop(again);
    const stored = await store.query<{ key: string }>(
      'SELECT idempotency_key AS key FROM word_reviews ORDER BY reviewed_at',
    );
    expect(stored.map((r) => r.key).sort()).toEqual([...keys].sort());
  }, 120_000);
});
