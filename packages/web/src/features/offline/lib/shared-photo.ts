import { SHARE_FILE_FIELD, SHARE_TARGET_PATH } from '../manifest';

/**
 * "Share to SpellWell" (issue 23): a photo shared from the phone's gallery or camera reaches
 * the service worker (sw/share-target.ts), waits here in Cache Storage, and is picked up by
 * Add New Practice. Cache Storage is private to this origin, and sign-out deletes every cache
 * but the app shell's (lib/reload-signed-out.ts), so a waiting photo and the last child go
 * with the parent. This module is shared by the worker and the page: nothing of React here.
 */
export const SHARE_CACHE = 'spellwell-share';
/** The waiting photo; one at a time, a new share replaces it. */
export const SHARED_PHOTO_KEY = `${SHARE_TARGET_PATH}/photo`;
/** The child whose pages the parent opened last, for the worker (it cannot read localStorage). */
export const LAST_CHILD_KEY = `${SHARE_TARGET_PATH}/last-child`;
/** The query flag that tells a page a shared photo is waiting (`?shared=1`). */
export const SHARED_PARAM = 'shared';
/** A photo older than this is not scanned unasked: it was shared for another moment. */
export const SHARED_PHOTO_MAX_AGE_MS = 30 * 60 * 1000;
/** Headers the photo is kept with: its name and when it arrived. */
export const NAME_HEADER = 'x-shared-name';
export const AT_HEADER = 'x-shared-at';

/** Why a share could not be scanned, as `/share-target?error=…` says it. */
export type ShareProblem = 'not-ready' | 'no-image' | 'not-kept' | 'not-shared';

/** The first image in a share (a share may also carry a title or text, which are not needed). */
export function pickSharedImage(form: FormData): File | null {
  for (const value of form.getAll(SHARE_FILE_FIELD)) {
    if (typeof value !== 'string' && value.type.startsWith('image/') && value.size > 0) return value;
  }
  return null;
}

// Ids are UUIDs; anything else in the cache is not trusted into a path.
const childIdOrNull = (text: string | null) => (text && /^[0-9a-f-]{36}$/i.test(text) ? text : null);

/**
 * Where the worker sends the parent once the photo is kept: the last child's Add New Practice,
 * flagged so it takes the photo. With no last child, the dashboard, which sends a parent with
 * a photo waiting on to their first child's (signed out, the sign-in comes first).
 */
export function afterShareHref(lastChildId: string | null): string {
  const child = childIdOrNull(lastChildId);
  return child ? `/add-words/${child}?${SHARED_PARAM}=1` : '/dashboard';
}

export const shareProblemHref = (problem: ShareProblem) => `${SHARE_TARGET_PATH}?error=${problem}`;

/** Whether a photo kept at `sharedAt` (ms) is still the one the parent just shared. */
export function isFreshShare(sharedAt: number, now: number): boolean {
  return Number.isFinite(sharedAt) && sharedAt <= now + 60_000 && now - sharedAt <= SHARED_PHOTO_MAX_AGE_MS;
}

/** The page's side: remembers the child for the next share (best effort; no Cache Storage, no share). */
export async function rememberLastChild(childId: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(SHARE_CACHE);
    await cache.put(LAST_CHILD_KEY, new Response(childId, { headers: { 'content-type': 'text/plain' } }));
  } catch {
    // Storage full or refused: the next share opens the first child instead.
  }
}

/** Add New Practice's prop of the same shape (features/word-sets) takes this. */
/**
 * A photo shared and not yet scanned, as the dashboard finds it (a sign-in came between the
 * share and Add New Practice), with the child it is for when one was remembered; else null.
 */
export async function findWaitingShare(now = Date.now()): Promise<{ childId: string | null } | null> {
  if (typeof caches === 'undefined') return null;
  // Looked for without caches.open, which would make the cache anew: a dashboard mounting as
  // the parent signs out must not bring back what sign-out deleted.
  const kept = await caches.match(SHARED_PHOTO_KEY, { cacheName: SHARE_CACHE });
  if (!kept || !isFreshShare(Number(kept.headers.get(AT_HEADER)), now)) return null;
  const lastChild = await caches.match(LAST_CHILD_KEY, { cacheName: SHARE_CACHE });
  return { childId: childIdOrNull(lastChild ? await lastChild.text() : null) };
}

export type TakenPhoto = { photo: File } | { problem: 'missing' | 'expired' };

/** Takes the waiting photo out of storage (it is scanned once), or says why there is none. */
export async function takeSharedPhoto(now = Date.now()): Promise<TakenPhoto> {
  if (typeof caches === 'undefined') return { problem: 'missing' };
  const cache = await caches.open(SHARE_CACHE);
  const kept = await cache.match(SHARED_PHOTO_KEY);
  if (!kept) return { problem: 'missing' };
  await cache.delete(SHARED_PHOTO_KEY);
  if (!isFreshShare(Number(kept.headers.get(AT_HEADER)), now)) return { problem: 'expired' };
  const blob = await kept.blob();
  const name = decodeURIComponent(kept.headers.get(NAME_HEADER) ?? 'shared-photo');
  return { photo: new File([blob], name, { type: blob.type || 'image/jpeg' }) };
}
