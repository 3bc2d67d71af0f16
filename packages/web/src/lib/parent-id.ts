import { tokenStorage } from './token-storage';

/**
 * The signed-in parent's id, read from the access token (a JWT whose subject is the parent;
 * the server checks its signature, this only names whose data the browser keeps). Null when
 * signed out or the token cannot be read. Works offline, before `GET /auth/me` could answer.
 */
export function signedInParentId(token = tokenStorage.get()): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { sub } = JSON.parse(json) as { sub?: unknown };
    return typeof sub === 'string' && sub ? sub : null;
  } catch {
    return null;
  }
}
