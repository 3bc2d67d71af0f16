import { setTimeout as sleep } from 'node:timers/promises';
import { addDaysIso, localDate } from '@spellwell/shared';
import { describe, expect, it } from 'vitest';
import { ENGINE, createStore, requestsSeen, startServer } from './support/server-process.js';

const SENT = 12;
const WORDS = Array.from({ length: 200 }, (_, i) => `shutdownword${i}`).join('\n');

describe(`graceful shutdown of a real server process (${ENGINE})`, () => {
  it('SIGTERM during slow writes: every request the server received is answered 2xx and stored, and the process exits 0', async () => {
    const store = await createStore();
    const server = await startServer(store);
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const login = (await (await post('/api/auth/dev/login', { email: 'shutdown@example.com' })).json()) as {
      userId: string;
      accessToken: string;
    };
    const childRes = await post(`/api/child/create/${login.userId}`, { childName: 'Kid' }, login.accessToken);
    const child = (await childRes.json()) as { id: string };
    const seenBefore = requestsSeen(server);

    // Each creates a 200-word set: slow, and the database takes them one at a time.
    let answered = 0;
    const writes = Array.from({ length: SENT }, (_, i) =>
      post(
        `/api/word-sets/create/${child.id}`,
        {
          testDate: addDaysIso(localDate('Asia/Singapore'), 10),
          description: `Set ${i}`,
          language: 'English',
          words: WORDS,
        },
        login.accessToken,
      ).then(
        async (res) => {
          answered += 1;
          return { status: res.status, body: await res.text() };
        },
        (error: Error) => ({ status: 0, body: error.message }),
      ),
    );
    const until = Date.now() + 30_000;
    while (requestsSeen(server) < seenBefore + 3) {
      if (Date.now() > until) throw new Error('requests did not reach the server');
      await sleep(2);
    }
    const answeredAtSignal = answered;
    server.child.kill('SIGTERM');

    const results = await Promise.all(writes);
    const exit = await server.exited;
    expect(exit, server.lines.slice(-5).join('\n')).toEqual({ code: 0, signal: null });
    const received = requestsSeen(server) - seenBefore;
    const created = results.filter((r) => r.status === 201).length;
    // Received means finished: each request the server had started got its 201. One it had not
    // started yet is refused (503, "server is closing") or its connection closed, never half-done.
    expect(created).toBe(received);
    expect(results.filter((r) => ![201, 503, 0].includes(r.status))).toEqual([]);
    // The signal really landed while requests were running.
    expect(received - answeredAtSignal).toBeGreaterThan(0);
    const sets = await store.query<{ n: number }>('SELECT count(*) AS n FROM word_sets WHERE child_id = ?', [
      child.id,
    ]);
    expect(Number(sets[0]!.n)).toBe(created);
    const words = await store.query<{ n: number }>(
      'SELECT count(*) AS n FROM words WHERE word_set_id IN (SELECT id FROM word_sets WHERE child_id = ?)',
      [child.id],
    );
    expect(Number(words[0]!.n)).toBe(created * 200);
    expect(await store.integrityCheck()).toBe('ok');
    console.info(
      `[reliability ${ENGINE}] SIGTERM with ${received - answeredAtSignal} received writes unanswered: all finished 201 ` +
        `(${SENT - received} not yet started were refused)`,
    );
  }, 120_000);
});
