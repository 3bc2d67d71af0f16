import type { LoginResponse, Me, PublicConfig } from '@spellwell/shared';

/*
 * Shape checks for the sign-in answers, by hand rather than with the shared zod schemas:
 * these calls run on the landing page, whose JavaScript budget (docs/performance.md) has no
 * room for zod next to React's renderer.
 * The server already validates these answers against the shared schemas before sending them.
 */

type Fields = Record<string, unknown>;

function object(data: unknown, what: string): Fields {
  if (typeof data !== 'object' || data === null)
    throw new Error(`Unexpected ${what} answer from the server.`);
  return data as Fields;
}

function expect(ok: boolean, what: string): void {
  if (!ok) throw new Error(`Unexpected ${what} answer from the server.`);
}

export function parseLoginResponse(data: unknown): LoginResponse {
  const d = object(data, 'sign-in');
  expect(typeof d.accessToken === 'string' && typeof d.userId === 'string', 'sign-in');
  return { accessToken: d.accessToken as string, userId: d.userId as string };
}

export function parseMe(data: unknown): Me {
  const d = object(data, 'account');
  expect(
    typeof d.userId === 'string' && typeof d.isAdmin === 'boolean' && Array.isArray(d.children),
    'account',
  );
  return d as unknown as Me;
}

export function parsePublicConfig(data: unknown): PublicConfig {
  const d = object(data, 'configuration');
  expect(
    (d.googleClientId === null || typeof d.googleClientId === 'string') &&
      typeof d.demoLogin === 'boolean' &&
      (d.speech === 'local' || d.speech === 'google'),
    'configuration',
  );
  return {
    googleClientId: d.googleClientId as string | null,
    demoLogin: d.demoLogin as boolean,
    speech: d.speech as 'local' | 'google',
  };
}
