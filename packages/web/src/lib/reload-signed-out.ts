import { tokenStorage } from './token-storage';

/**
 * Forgets the access token and loads the site root afresh. The cache-busting query makes the
 * browser fetch a new page, so nothing of the signed-in session survives in memory or cache.
 */
export function reloadSignedOut(): void {
  tokenStorage.clear();
  window.location.assign(`/?_=${Date.now()}`);
}
