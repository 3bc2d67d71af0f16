import { API_BASE } from '../config/env';
import { setKept } from './kept-state';
import { signedInParentId } from './parent-id';

/**
 * Kept answers (issue 23, docs/decisions/011-offline-kept-answers.md): the last answer of each
 * of the API's GETs (word sets, the practice session, the dashboard's data, a word's audio) is
 * kept in a Cache Storage cache of the page's own, so a page reloaded with no network can
 * still show it. The cache is named after the signed-in parent, so another parent's page
 * never reads it; sign-out deletes it (reload-signed-out.ts), and a page that finds another
 * parent's cache deletes that too. The service worker never touches these answers.
 *
 * Loaded only when the API client first keeps or needs an answer (it is not in the entry chunk).
 */

/**
 * No answer at all: the network is gone (or the server unreachable), and nothing kept. Not an
 * ApiError, so code that tells "no answer" from "the server said no" (the outbox, retries)
 * keeps doing so; its sentence says plainly that this needs a connection, for the forms that
 * show it (adding a child, a practice, a scan...).
 */
export class OfflineError extends Error {
  constructor(reading: boolean, options?: ErrorOptions) {
    super(
      reading
        ? 'You’re offline, and SpellWell has no saved copy of this yet. Try again when you’re back online.'
        : 'You’re offline: this needs a connection. Try again when you’re back online.',
      options,
    );
    this.name = 'OfflineError';
  }
}

const PREFIX = 'spellwell-kept-';
/** When the kept answer was fetched, for "showing what SpellWell had at 10:42". */
const KEPT_AT = 'x-spellwell-kept-at';

const requestFor = (path: string) => new Request(new URL(`${API_BASE}${path}`, location.href));

let pruned = false;

/**
 * The signed-in parent's cache, or null when signed out. Only `create` makes it: reading
 * must not leave an empty cache behind. Checked again once open: a sign-out meanwhile has
 * deleted every cache (reload-signed-out.ts), and this must not bring one back.
 */
async function keptCache(create = false): Promise<Cache | null> {
  const parentId = signedInParentId();
  if (!parentId || typeof caches === 'undefined') return null;
  const name = `${PREFIX}${parentId}`;
  if (!pruned) {
    pruned = true;
    // Another parent signed in here before without signing out (a session that ran out).
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== name).map((n) => caches.delete(n)));
  }
  if (!create && !(await caches.has(name))) return null;
  const cache = await caches.open(name);
  if (signedInParentId() === parentId) return cache;
  await caches.delete(name);
  return null;
}

/** Whether a GET's answer is worth keeping: everything the pages read, not a whole account's export. */
const isKept = (path: string) => !path.startsWith('/account/');

/** Keeps a copy of a live answer of a GET, stamped with now. */
export async function keepAnswer(path: string, res: Response): Promise<void> {
  setKept(null);
  if (!isKept(path) || res.status === 204) return;
  try {
    const cache = await keptCache(true);
    if (!cache) return;
    const headers = new Headers(res.headers);
    headers.set(KEPT_AT, String(Date.now()));
    const body = await res.blob();
    await cache.put(requestFor(path), new Response(body, { status: res.status, headers }));
  } catch (error) {
    // Storage full or blocked: the page works as before, only not after an offline reload.
    console.warn('Could not keep an answer for offline use:', error);
  }
}

/**
 * A call got no answer (`error`, the network's): for a GET, its kept answer, and the page is
 * told it shows kept data from then; otherwise an OfflineError.
 */
export async function offlineAnswer(path: string, reading: boolean, error: unknown): Promise<Response> {
  let kept: Response | undefined;
  try {
    if (reading) kept = await (await keptCache())?.match(requestFor(path));
  } catch {
    // no Cache Storage here: nothing kept
  }
  if (!kept) throw new OfflineError(reading, { cause: error });
  setKept(Number(kept.headers.get(KEPT_AT)) || Date.now());
  return kept;
}

/**
 * Changes a kept JSON answer to what this page knows now that the server does not yet: the
 * practice position moved offline, so a reload resumes where the parent is, not where the
 * kept answer was. Nothing happens when no answer is kept.
 */
export async function patchKeptJson<T>(path: string, change: (value: T) => T): Promise<void> {
  try {
    const cache = await keptCache();
    const request = requestFor(path);
    const kept = await cache?.match(request);
    if (!cache || !kept) return;
    const value = change((await kept.json()) as T);
    await cache.put(request, new Response(JSON.stringify(value), { status: 200, headers: kept.headers }));
  } catch (error) {
    console.warn('Could not update a kept answer:', error);
  }
}
