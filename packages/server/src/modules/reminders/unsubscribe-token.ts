import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const AUDIENCE = 'spellwell-email-unsubscribe';

/**
 * The signed token in an e-mail's unsubscribe link (issue 38): it names the parent and does
 * nothing but turn their e-mail reminders off. Its key is derived from JWT_SECRET for this use
 * alone, so it can never pass as an access token (nor one as it). It does not expire: an old
 * e-mail's link still works.
 */
export function createUnsubscribeTokens(jwtSecret: Uint8Array) {
  const key = createHmac('sha256', jwtSecret).update('email-unsubscribe').digest();
  return {
    sign: (parentId: string) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(parentId)
        .setAudience(AUDIENCE)
        .sign(key),
    /** The parent's id, or null for anything not made by `sign`. */
    async verify(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
