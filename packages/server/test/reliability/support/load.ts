import { randomUUID } from 'node:crypto';
import { addDaysIso, localDate } from '@spellwell/shared';

/** What the server acknowledged (answered 2xx): these must all be in the database. */
export interface Acked {
  parents: Set<string>;
  children: Set<string>;
  sets: Map<string, { childId: string; words: number }>;
  /** idempotency key → word and child of an acknowledged grade. */
  grades: Map<string, { wordId: string; childId: string }>;
}

export interface LoadResult {
  acked: Acked;
  /** 5xx answers and network errors (the latter expected only when the server is killed). */
  serverErrors: string[];
  networkErrors: number;
  /** Why each simulated parent stopped early (none without faults). */
  failures: string[];
  /** Stats read back that disagreed with what this parent was acknowledged. */
  staleReads: string[];
  requests: number;
}

export const WORDS_PER_SET = 6;

export class Api {
  constructor(
    readonly base: () => string,
    readonly result: LoadResult,
  ) {}

  async call<T>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; json: T; cookies: string[] }> {
    this.result.requests += 1;
    let res: Response;
    try {
      res = await fetch(`${this.base()}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          'x-time-zone': 'Asia/Singapore',
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      this.result.networkErrors += 1;
      throw error;
    }
    const text = await res.text();
    if (res.status >= 500)
      this.result.serverErrors.push(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
    return {
      status: res.status,
      json: (text ? JSON.parse(text) : null) as T,
      cookies: res.headers.getSetCookie(),
    };
  }
}

export function newLoadResult(): LoadResult {
  return {
    acked: { parents: new Set(), children: new Set(), sets: new Map(), grades: new Map() },
    serverErrors: [],
    failures: [],
    networkErrors: 0,
    staleReads: [],
    requests: 0,
  };
}

function expectStatus(res: { status: number }, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status}`);
}

/**
 * One simulated parent until the deadline: sign in (demo), then rounds of add a child, create
 * a set, grade every word (a retry-safe idempotency key each), read the stats back.
 */
export async function simulateParent(
  api: Api,
  index: number,
  runId: string,
  deadline: number,
): Promise<void> {
  const { acked, staleReads } = api.result;
  const login = await api.call<{ accessToken: string; userId: string }>(
    'POST',
    '/api/auth/dev/login',
    undefined,
    {
      email: `load-${runId}-${index}@example.com`,
    },
  );
  expectStatus(login, 200, 'sign in');
  const { accessToken: token, userId } = login.json;
  acked.parents.add(userId);
  let round = 0;
  while (Date.now() < deadline) {
    round += 1;
    const child = await api.call<{ id: string }>('POST', `/api/child/create/${userId}`, token, {
      childName: `Kid ${round}`,
    });
    expectStatus(child, 201, 'add child');
    const childId = child.json.id;
    acked.children.add(childId);
    const words = Array.from({ length: WORDS_PER_SET }, (_, i) => `word${index}x${round}x${i}`);
    const set = await api.call<{ id: string }>('POST', `/api/word-sets/create/${childId}`, token, {
      testDate: addDaysIso(localDate('Asia/Singapore'), 30),
      description: `Round ${round}`,
      language: 'English',
      words: words.join('\n'),
    });
    expectStatus(set, 201, 'create set');
    acked.sets.set(set.json.id, { childId, words: words.length });
    const detail = await api.call<{ words: Array<{ id: string }> }>(
      'GET',
      `/api/child/${childId}/word-sets/${set.json.id}`,
      token,
    );
    expectStatus(detail, 200, 'read set');
    let graded = 0;
    for (const word of detail.json.words) {
      const key = randomUUID();
      const res = await api.call('POST', `/api/words/update/${childId}/${word.id}`, token, {
        quality: 1 + (graded % 3),
        idempotencyKey: key,
      });
      expectStatus(res, 200, 'grade');
      acked.grades.set(key, { wordId: word.id, childId });
      graded += 1;
    }
    const stats = await api.call<{ wordsReviewedAllTime: number }>(
      'GET',
      `/api/review/today/${childId}`,
      token,
    );
    expectStatus(stats, 200, 'stats');
    if (stats.json.wordsReviewedAllTime !== graded)
      staleReads.push(`${childId}: ${stats.json.wordsReviewedAllTime} != ${graded}`);
  }
}

/** Runs `parents` simulated parents concurrently; a parent stops at its first failure. */
export async function runLoad(
  base: () => string,
  parents: number,
  durationMs: number,
  result: LoadResult = newLoadResult(),
): Promise<LoadResult> {
  const runId = randomUUID().slice(0, 8);
  const deadline = Date.now() + durationMs;
  const api = new Api(base, result);
  await Promise.all(
    Array.from({ length: parents }, (_, i) =>
      simulateParent(api, i, runId, deadline).catch((e: Error) => result.failures.push(e.message)),
    ),
  );
  return result;
}

interface Rows {
  children: Set<string>;
  sets: Set<string>;
  words: Map<string, number>;
  /** idempotency key → number of rows with it. */
  gradeKeys: Map<string, number>;
  /** word id → number of review rows. */
  reviewsPerWord: Map<string, number>;
}

/** Everything of the load's parents, read straight from the database. */
export async function readRows(
  query: <T>(text: string) => Promise<T[]>,
  parents: Set<string>,
): Promise<Rows> {
  const mine = (ids: string[]) => ids.filter(Boolean);
  const children = await query<{ id: string; parent_id: string }>('SELECT id, parent_id FROM children');
  const childIds = new Set(mine(children.filter((c) => parents.has(c.parent_id)).map((c) => c.id)));
  const sets = await query<{ id: string; child_id: string }>('SELECT id, child_id FROM word_sets');
  const setIds = new Set(sets.filter((s) => childIds.has(s.child_id)).map((s) => s.id));
  const words = await query<{ id: string; word_set_id: string; review_count: number }>(
    'SELECT id, word_set_id, review_count FROM words',
  );
  const reviews = await query<{ word_id: string; child_id: string; idempotency_key: string | null }>(
    'SELECT word_id, child_id, idempotency_key FROM word_reviews',
  );
  const rows: Rows = {
    children: childIds,
    sets: setIds,
    words: new Map(),
    gradeKeys: new Map(),
    reviewsPerWord: new Map(),
  };
  for (const w of words) if (setIds.has(w.word_set_id)) rows.words.set(w.id, Number(w.review_count));
  for (const r of reviews) {
    if (!childIds.has(r.child_id)) continue;
    if (r.idempotency_key)
      rows.gradeKeys.set(r.idempotency_key, (rows.gradeKeys.get(r.idempotency_key) ?? 0) + 1);
    rows.reviewsPerWord.set(r.word_id, (rows.reviewsPerWord.get(r.word_id) ?? 0) + 1);
  }
  return rows;
}

/** Problems found comparing the acknowledged writes with the rows; `exact` also forbids extra rows. */
export function compare(acked: Acked, rows: Rows, exact: boolean): string[] {
  const problems: string[] = [];
  const missing = (what: string, ids: Iterable<string>, have: (id: string) => boolean) => {
    const lost = [...ids].filter((id) => !have(id));
    if (lost.length) problems.push(`${lost.length} acknowledged ${what} lost`);
  };
  missing('children', acked.children, (id) => rows.children.has(id));
  missing('word sets', acked.sets.keys(), (id) => rows.sets.has(id));
  missing('grades', acked.grades.keys(), (key) => rows.gradeKeys.has(key));
  const doubled = [...rows.gradeKeys.values()].filter((n) => n > 1).length;
  if (doubled) problems.push(`${doubled} grades stored twice`);
  // A word's counter and its review rows are written in one transaction: they must agree.
  for (const [wordId, count] of rows.words) {
    const reviews = rows.reviewsPerWord.get(wordId) ?? 0;
    if (count !== reviews) problems.push(`word ${wordId}: review_count ${count} but ${reviews} reviews`);
  }
  if (exact) {
    if (rows.children.size !== acked.children.size)
      problems.push(`children: ${rows.children.size} stored, ${acked.children.size} acknowledged`);
    if (rows.sets.size !== acked.sets.size)
      problems.push(`sets: ${rows.sets.size} stored, ${acked.sets.size} acknowledged`);
    const wordsAcked = [...acked.sets.values()].reduce((n, s) => n + s.words, 0);
    if (rows.words.size !== wordsAcked)
      problems.push(`words: ${rows.words.size} stored, ${wordsAcked} acknowledged`);
    if (rows.gradeKeys.size !== acked.grades.size)
      problems.push(`grades: ${rows.gradeKeys.size} stored, ${acked.grades.size} acknowledged`);
    const perWord = new Map<string, number>();
    for (const g of acked.grades.values()) perWord.set(g.wordId, (perWord.get(g.wordId) ?? 0) + 1);
    for (const [wordId, n] of perWord)
      if (rows.words.get(wordId) !== n)
        problems.push(`word ${wordId}: ${rows.words.get(wordId)} reviews, ${n} acknowledged`);
  }
  return problems;
}
