import { readFileSync } from 'node:fs';
import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { addDaysIso, localDate, type MemberRole } from '@spellwell/shared';
import type { App, BuildOptions } from '../../../src/app.js';
import { buildTestApp, type TestContext, type TestParent } from '../../helper.js';

export interface Route {
  method: string;
  /** As registered, with its /api prefix and `:param` placeholders. */
  url: string;
}

export const routeKey = (r: Route) => `${r.method} ${r.url}`;

/** The path parameters that name something a parent owns. */
export const OWNED_PARAMS = [
  'parentId',
  'childId',
  'wordSetId',
  'wordId',
  'sheetId',
  'passId',
  'inviteId',
] as const;
export type OwnedParam = (typeof OWNED_PARAMS)[number];
export type Ids = Record<OwnedParam, string>;

export const paramsOf = (url: string): string[] => [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

/** Routes anyone may call without a token. Every other /api route must answer 401 without one. */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/auth/config',
  'POST /api/auth/google/login',
  'POST /api/auth/dev/login',
  'POST /api/auth/refresh-token',
  'POST /api/auth/logout',
  // Stroke order data (issue 21): the same public file for everyone.
  'GET /api/hanzi/:char.json',
  // The link in reminder e-mails (issue 38): its signed token is the credential.
  'GET /api/reminders/unsubscribe',
  // A device pass's secret, then the device's own refresh cookie (issue 36).
  'POST /api/kid/session',
  'POST /api/kid/session/refresh',
]);

/** A child's device session answers these and nothing else (issue 36); a parent's token gets 401. */
export const isKidRoute = (r: Route) => r.url.startsWith('/api/kid/') && !PUBLIC_ROUTES.has(routeKey(r));

/** Multipart routes (OCR upload): JSON bodies do not apply; their own limits are tested by their owner. */
export const MULTIPART_ROUTES = new Set([
  'POST /api/official-wordset/ocr',
  // Marking a photo of the child's sheet (issue 39): its owner's tests are routes/marking.test.ts.
  'POST /api/child/:childId/printed-sheets/:sheetId/marking',
]);

/** Routes whose body is audio, not JSON (a parent's recording); their own limits are tested by their owner. */
export const AUDIO_ROUTES = new Set(['PUT /api/words/recording/:childId/:wordId']);
const recording = readFileSync(new URL('../../fixtures/recordings/word.webm', import.meta.url));

export const ADMIN_EMAIL = 'admin@example.com';

export interface RouteTestContext extends TestContext {
  /** Every /api route the real app registered (HEAD twins of GET routes left out). */
  routes: Route[];
  /** Each route's body schema as registered (the shared zod schema), by `routeKey`. */
  bodySchemas: Map<string, unknown>;
}

/** A test app that records its own route table as Fastify builds it. */
export async function buildRouteTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<RouteTestContext> {
  const seen = new Map<string, Route>();
  const bodySchemas = new Map<string, unknown>();
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.startsWith('/api/')) continue;
      const r = { method, url: route.url };
      seen.set(routeKey(r), r);
      if (route.schema?.body) bodySchemas.set(routeKey(r), route.schema.body);
    }
  };
  const ctx = await buildTestApp(
    { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_MULTIPLIER: '1000', ...env },
    { ...options, onRoute },
  );
  const routes = [...seen.values()].sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
  return { ...ctx, routes, bodySchemas };
}

/** Values for path parameters that name nothing a parent owns (the same for every caller). */
export const PUBLIC_PARAMS: Record<string, string> = {
  char: '水',
  // A well-formed share code no one made (issue 37): a parent's own codes are tested by their owner.
  code: 'K7QM-2XR9-HT4P',
};

export function fillPath(url: string, values: Partial<Record<string, string>>): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name] ?? PUBLIC_PARAMS[name];
    if (value === undefined)
      throw new Error(`No value for :${name} in ${url}: teach the security tests about it`);
    return encodeURIComponent(value);
  });
}

export const futureDate = () => addDaysIso(localDate('Asia/Singapore'), 30);

/**
 * A valid body for every JSON route that takes one, so an answer is about who asks, not what
 * they sent. A new body-taking route without an entry here makes the matrix test fail.
 */
export function validBody(route: Route): Record<string, unknown> | Buffer | undefined {
  if (AUDIO_ROUTES.has(routeKey(route))) return recording;
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/child/create/:parentId': { childName: 'Mei' },
    'POST /api/word-sets/create/:childId': {
      testDate: futureDate(),
      description: 'Week 1',
      language: 'English',
      words: 'apple\nbanana\ncherry',
    },
    'POST /api/word-sets/:childId/edit/:wordSetId': { words: 'apple\nbanana\ndamson' },
    'PATCH /api/child/:childId/word-sets/:wordSetId': {
      testDate: futureDate(),
      description: 'Week 2',
      language: 'Chinese',
    },
    'PUT /api/child/:childId/word-sets/:wordSetId/test-result': { correct: 2, total: 3 },
    'PATCH /api/child/:childId': { childName: 'Ana' },
    'POST /api/words/update/:childId/:wordId': { quality: 1 },
    'POST /api/words/undo/:childId/:wordId': { idempotencyKey: 'seed-grade-key' },
    'POST /api/review/:childId': { wordsReviewed: 3 },
    'PUT /api/practice-session/:childId/:wordSetId': { position: 1 },
    'PUT /api/child/:childId/dictation-settings': { pauseSeconds: 8 },
    'POST /api/child/:childId/printed-sheets': {},
    'POST /api/official-wordset/create': {
      testDate: futureDate(),
      description: 'Term 1',
      language: 'English',
      words: 'river\nmountain',
      school: 'Rivervale Primary',
    },
    'PUT /api/reminders': { time: '19:30', days: [1, 2, 3], push: true, email: false },
    'POST /api/push/subscriptions': {
      endpoint: 'https://fcm.googleapis.com/fcm/send/security-test',
      keys: {
        p256dh: Buffer.alloc(65, 4).toString('base64url'),
        auth: Buffer.alloc(16, 1).toString('base64url'),
      },
    },
    'DELETE /api/push/subscriptions': { endpoint: 'https://fcm.googleapis.com/fcm/send/security-test' },
    'POST /api/auth/dev/login': { email: 'someone@example.com' },
    'POST /api/kid/session': { secret: 'A'.repeat(43) },
    'POST /api/kid/answers/:wordId': { answer: 'one', attempt: 1 },
    'POST /api/auth/google/login': { credential: 'not-a-real-credential' },
    'POST /api/shared-lists/:code/import': { childId: '00000000-0000-4000-8000-000000000000' },
    'POST /api/child/:childId/invites': { role: 'tutor' },
    // A well-formed secret no invite has: each caller's own is tested in family-invites.test.ts.
    'POST /api/invites/accept': { secret: 'B'.repeat(43) },
    'POST /api/invites/preview': { secret: 'B'.repeat(43) },
  };
  return bodies[routeKey(route)];
}

/** POST routes that read no body (the refresh cookie is their input). */
export const BODILESS_ROUTES = new Set([
  'POST /api/auth/refresh-token',
  'POST /api/auth/logout',
  'POST /api/reminders/test',
  'POST /api/kid/session/refresh',
  'POST /api/child/:childId/device-passes',
  'POST /api/child/:childId/word-sets/:wordSetId/share',
]);

export const takesBody = (route: Route) =>
  ['POST', 'PUT', 'PATCH'].includes(route.method) && !BODILESS_ROUTES.has(routeKey(route));

/**
 * A parent with a child, a three-word set, a stored practice session, a recording of the first
 * word, a printed sheet, a device pass and an open invite, all made through the API; with
 * `members`, those parents join the child in their roles (issue 37).
 */
export async function seedFamily(
  parent: TestParent,
  members: Partial<Record<MemberRole, TestParent>> = {},
): Promise<Ids> {
  const child = await parent.inject({
    method: 'POST',
    url: `/api/child/create/${parent.id}`,
    payload: { childName: 'Kid' },
  });
  if (child.statusCode !== 201) throw new Error(`seed child: ${child.statusCode} ${child.body}`);
  const childId = child.json<{ id: string }>().id;
  const set = await parent.inject({
    method: 'POST',
    url: `/api/word-sets/create/${childId}`,
    payload: { testDate: futureDate(), description: 'Seed', language: 'English', words: 'one\ntwo\nthree' },
  });
  if (set.statusCode !== 201) throw new Error(`seed set: ${set.statusCode} ${set.body}`);
  const wordSetId = set.json<{ id: string }>().id;
  const detail = await parent.inject({ method: 'GET', url: `/api/child/${childId}/word-sets/${wordSetId}` });
  const wordId = detail.json<{ words: Array<{ id: string }> }>().words[0]!.id;
  await parent.inject({ method: 'GET', url: `/api/practice-session/${childId}/${wordSetId}` });
  await parent.inject({
    method: 'POST',
    url: `/api/words/update/${childId}/${wordId}`,
    payload: { quality: 2, idempotencyKey: 'seed-grade-key' },
  });
  const recorded = await parent.inject({
    method: 'PUT',
    url: `/api/words/recording/${childId}/${wordId}`,
    headers: { 'content-type': 'audio/webm' },
    payload: recording,
  });
  if (recorded.statusCode !== 200) throw new Error(`seed recording: ${recorded.statusCode} ${recorded.body}`);
  const sheet = await parent.inject({
    method: 'POST',
    url: `/api/child/${childId}/printed-sheets`,
    payload: { wordSetId },
  });
  if (sheet.statusCode !== 201) throw new Error(`seed sheet: ${sheet.statusCode} ${sheet.body}`);
  const sheetId = sheet.json<{ id: string }>().id;
  const pass = await parent.inject({ method: 'POST', url: `/api/child/${childId}/device-passes` });
  if (pass.statusCode !== 201) throw new Error(`seed pass: ${pass.statusCode} ${pass.body}`);
  const passId = pass.json<{ id: string }>().id;
  const invite = await parent.inject({
    method: 'POST',
    url: `/api/child/${childId}/invites`,
    payload: { role: 'co-parent' },
  });
  if (invite.statusCode !== 201) throw new Error(`seed invite: ${invite.statusCode} ${invite.body}`);
  const inviteId = invite.json<{ id: string }>().id;
  const ids = { parentId: parent.id, childId, wordSetId, wordId, sheetId, passId, inviteId };
  for (const [role, member] of Object.entries(members) as Array<[MemberRole, TestParent]>)
    await joinFamily(parent, member, childId, role);
  return ids;
}

/** Issue 37: the member joins the parent's child in the role, by an invite, through the API. */
export async function joinFamily(owner: TestParent, member: TestParent, childId: string, role: MemberRole) {
  const invite = await owner.inject({
    method: 'POST',
    url: `/api/child/${childId}/invites`,
    payload: { role },
  });
  if (invite.statusCode !== 201) throw new Error(`invite: ${invite.statusCode} ${invite.body}`);
  const secret = invite.json<{ url: string }>().url.split('/').pop();
  const accepted = await member.inject({ method: 'POST', url: '/api/invites/accept', payload: { secret } });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
}

/**
 * Columns the server keeps for itself, in no answer: a read may store them (the child's fitted
 * speed, which a readiness answer stores for the next grade, issue 40). That a read never stores
 * another parent's child's is test/routes/fitted-speed.test.ts's to prove.
 */
const SERVER_KEPT_COLUMNS: Record<string, readonly string[]> = {
  children: ['fitted_speed', 'fitted_speed_stamp'],
};

/**
 * Every row of every table (sorted), to prove a request changed nothing, less the columns the
 * server keeps for itself (SERVER_KEPT_COLUMNS). `skipRowsOf` leaves out the rows of tables a
 * test compares its own cheaper way (tens of thousands of rows).
 */
export async function snapshotDb(
  app: App,
  { skipRowsOf = [] }: { skipRowsOf?: readonly string[] } = {},
): Promise<Record<string, string[]>> {
  const { kysely, engine } = app.db;
  const tables =
    engine === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
          AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`.execute(kysely)
      : await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_name NOT LIKE 'kysely_%'`.execute(kysely);
  const snapshot: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    if (skipRowsOf.includes(name)) continue;
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(kysely);
    const kept = SERVER_KEPT_COLUMNS[name] ?? [];
    snapshot[name] = rows.rows
      .map((row) =>
        JSON.stringify(Object.fromEntries(Object.entries(row).filter(([c]) => !kept.includes(c)))),
      )
      .sort();
  }
  return snapshot;
}

/**
 * `snapshotDb` for a test that takes many: a snapshot is taken again only when SQLite has
 * counted a write since the last one. `total_changes()` counts every row the app's one
 * connection inserted, updated or deleted (by trigger or rolled back too), so while it stands
 * still no table has changed. PostgreSQL keeps no such count of a connection's own writes:
 * there every call takes a snapshot.
 */
export function snapshotsOf(app: App): () => Promise<Record<string, string[]>> {
  const { kysely, engine } = app.db;
  let last: { count: number; snapshot: Record<string, string[]> } | undefined;
  return async () => {
    // The count before the snapshot: a write between the two makes the next call look again.
    const count =
      engine === 'sqlite'
        ? (await sql<{ n: number }>`SELECT total_changes() AS n`.execute(kysely)).rows[0]!.n
        : null;
    if (count !== null && last?.count === count) return last.snapshot;
    const snapshot = await snapshotDb(app);
    if (count !== null) last = { count, snapshot };
    return snapshot;
  };
}

/** The JSON error shape every 4xx must have. */
export function isJsonError(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): boolean {
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return false;
  try {
    const body = JSON.parse(res.body) as unknown;
    return (
      typeof body === 'object' &&
      body !== null &&
      typeof (body as { error?: unknown }).error === 'string' &&
      typeof (body as { message?: unknown }).message === 'string' &&
      (body as { message: string }).message.length > 0
    );
  } catch {
    return false;
  }
}

/** A child's device token (issue 36) for the kid routes: a pass of the parent's child, opened. */
export async function kidTokenFor(app: App, parent: TestParent, childId: string): Promise<string> {
  const pass = await parent.inject({ method: 'POST', url: `/api/child/${childId}/device-passes` });
  if (pass.statusCode !== 201) throw new Error(`kid pass: ${pass.statusCode} ${pass.body}`);
  const secret = pass.json<{ url: string }>().url.split('/').pop();
  const session = await app.inject({ method: 'POST', url: '/api/kid/session', payload: { secret } });
  if (session.statusCode !== 200) throw new Error(`kid session: ${session.statusCode} ${session.body}`);
  return session.json<{ accessToken: string }>().accessToken;
}
