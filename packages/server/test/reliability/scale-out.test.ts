import { describe, expect, it } from 'vitest';
import { Api, compare, newLoadResult, readRows, runLoad } from './support/load.js';
import { ENGINE, createStore, startServer, type ServerProcess } from './support/server-process.js';

function refreshCookie(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('refresh_token='));
  if (!cookie) throw new Error(`no refresh cookie (${res.status})`);
  return cookie.split(';')[0]!.slice('refresh_token='.length);
}

const post = (
  server: ServerProcess,
  path: string,
  init: { cookie?: string; token?: string; body?: unknown } = {},
) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      ...(init.cookie ? { cookie: `refresh_token=${init.cookie}` } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });

// Two processes need one shared database: PostgreSQL. Runs in the server-postgres project
// (TEST_DATABASE_URL set); on SQLite there is nothing to scale out to.
describe.runIf(ENGINE === 'postgres')(
  'scale-out: two server processes on one PostgreSQL (needs TEST_DATABASE_URL)',
  async () => {
    const store = ENGINE === 'postgres' ? await createStore() : undefined;
    // Started together: both migrate the same empty schema at once.
    const [a, b] = store ? await Promise.all([startServer(store), startServer(store)]) : [];

    it('signs in on one, refreshes on the other, and detects a reused refresh token across both', async () => {
      const login = await post(a!, '/api/auth/dev/login', { body: { email: 'scale@example.com' } });
      expect(login.status).toBe(200);
      const first = refreshCookie(login);
      const { userId } = (await login.json()) as { userId: string };

      const onB = await post(b!, '/api/auth/refresh-token', { cookie: first });
      expect(onB.status).toBe(200);
      const second = refreshCookie(onB);
      const { accessToken } = (await onB.json()) as { accessToken: string };
      // A token minted by B is good on A.
      const me = await fetch(`${a!.url}/api/auth/me`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { userId: string }).userId).toBe(userId);

      const onA = await post(a!, '/api/auth/refresh-token', { cookie: second });
      expect(onA.status).toBe(200);
      const third = refreshCookie(onA);

      // The first cookie, spent before a newer one was used: reuse. B revokes the whole family...
      const reused = await post(b!, '/api/auth/refresh-token', { cookie: first });
      expect(reused.status).toBe(401);
      expect(await reused.json()).toEqual({
        error: 'unauthorized',
        message: 'Your session has ended. Please sign in again.',
      });
      // ...so the family's newest cookie no longer works on A either.
      const afterRevoke = await post(a!, '/api/auth/refresh-token', { cookie: third });
      expect(afterRevoke.status).toBe(401);
    });

    it('refreshes the same cookie on both servers at once: one rotates, the other is answered within the grace window, the family stays single', async () => {
      const login = await post(b!, '/api/auth/dev/login', { body: { email: 'race@example.com' } });
      const cookie = refreshCookie(login);
      const [x, y] = await Promise.all([
        post(a!, '/api/auth/refresh-token', { cookie }),
        post(b!, '/api/auth/refresh-token', { cookie }),
      ]);
      expect([x.status, y.status]).toEqual([200, 200]);
      const issued = [x, y].filter((r) =>
        r.headers
          .getSetCookie()
          .some((c) => c.startsWith('refresh_token=') && !c.startsWith('refresh_token=;')),
      );
      expect(issued).toHaveLength(1);
      const live = await store!.query<{ n: number }>(
        `SELECT count(*) AS n FROM refresh_tokens t JOIN parents p ON p.id = t.parent_id
       WHERE p.email = ? AND t.used_at IS NULL AND t.revoked_at IS NULL`,
        ['race@example.com'],
      );
      expect(Number(live[0]!.n)).toBe(1);
    });

    it('takes grades on both servers (requests alternate) with no lost or doubled update', async () => {
      let turn = 0;
      const result = await runLoad(() => (turn++ % 2 === 0 ? a! : b!).url, 20, 6_000);
      expect(result.serverErrors).toEqual([]);
      expect(result.failures).toEqual([]);
      expect(result.staleReads).toEqual([]);
      expect(compare(result.acked, await readRows(store!.query, result.acked.parents), true)).toEqual([]);
    });

    it('counts 16 concurrent grades of one word, half on each server, exactly', async () => {
      const result = newLoadResult();
      const apiA = new Api(() => a!.url, result);
      const apiB = new Api(() => b!.url, result);
      const login = await apiA.call<{ accessToken: string; userId: string }>(
        'POST',
        '/api/auth/dev/login',
        undefined,
        { email: 'hot@example.com' },
      );
      const token = login.json.accessToken;
      const child = await apiB.call<{ id: string }>('POST', `/api/child/create/${login.json.userId}`, token, {
        childName: 'Hot',
      });
      const set = await apiA.call<{ id: string }>('POST', `/api/word-sets/create/${child.json.id}`, token, {
        testDate: '2099-01-01',
        description: 'Hot word',
        language: 'English',
        words: 'contended',
      });
      const detail = await apiB.call<{ words: Array<{ id: string }> }>(
        'GET',
        `/api/child/${child.json.id}/word-sets/${set.json.id}`,
        token,
      );
      const wordId = detail.json.words[0]!.id;
      const grades = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          (i % 2 ? apiA : apiB).call('POST', `/api/words/update/${child.json.id}/${wordId}`, token, {
            quality: 1 + (i % 3),
          }),
        ),
      );
      expect(grades.map((g) => g.status)).toEqual(Array(16).fill(200));
      const [word] = await store!.query<{ review_count: number }>(
        'SELECT review_count FROM words WHERE id = ?',
        [wordId],
      );
      expect(Number(word!.review_count)).toBe(16);
      const reviews = await store!.query<{ n: number }>(
        'SELECT count(*) AS n FROM word_reviews WHERE word_id = ?',
        [wordId],
      );
      expect(Number(reviews[0]!.n)).toBe(16);
      const stats = await apiA.call<{ wordsReviewedAllTime: number }>(
        'GET',
        `/api/review/today/${child.json.id}`,
        token,
      );
      expect(stats.json.wordsReviewedAllTime).toBe(16);
    });
  },
);
