import { tokenStorage } from './token-storage';

/**
 * Forgets the access token and loads the site root afresh. The cache-busting query makes the
 * browser fetch a new page, so nothing of the signed-in session survives in memory or cache.
 */
export function reloadSignedOut(): void {
  tokenStorage.clear();
  void Promise.allSettled([forgetOutbox(), forgetCaches()]).then(() =>
    window.location.assign(`/${SIGNED_OUT_MARK}=${Date.now()}`),
  );
}

const SIGNED_OUT_MARK = '?_';

/**
 * Called as the page loads: on the page a sign-out moved to, the outbox is deleted once more.
 * The leaving page's last write (a grade queued as the parent pressed Logout) can open it
 * again after the first delete; CI saw the outbox outlive sign-out now and then. Nothing of
 * the new page has opened it yet, so this delete is never blocked.
 */
export function finishSignOut(): void {
  if (window.location.search.startsWith(`${SIGNED_OUT_MARK}=`)) void forgetOutbox();
}

/**
 * Grades waiting offline (features/offline/outbox/parent-outbox.ts; named here so this
 * entry-chunk module does not load it) go with the parent. Every page's connection lets go when
 * the delete is asked for (outbox/outbox.ts), so it is done before this page moves on; a page
 * that cannot answer (an older build's) only holds it back until it closes.
 */
function forgetOutbox() {
  if (typeof indexedDB === 'undefined') return;
  return new Promise((done) => {
    const request = indexedDB.deleteDatabase('spellwell-outbox');
    request.onsuccess = request.onerror = done;
    // Not done when merely blocked: leaving now could drop the delete with this page (CI saw
    // the outbox outlive sign-out). A page that cannot let go holds it back three seconds at most.
    setTimeout(done, OUTBOX_DELETE_WAIT_MS);
  });
}

const OUTBOX_DELETE_WAIT_MS = 3000;

/** Every cache but the app shell's (the same for everyone): a parent's kept answers go too. */
async function forgetCaches() {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name)),
  );
}
