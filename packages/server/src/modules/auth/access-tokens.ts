import { SignJWT, errors, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'spellwell';
const AUDIENCE = 'spellwell-api';
/** A child's device session (issue 36): a parent route, checking the audience, refuses it. */
export const KID_AUDIENCE = 'spellwell-kid';

export interface AccessTokens {
  sign(parentId: string): Promise<string>;
  /** The parent id the token names, or null when it is missing, expired, forged or malformed. */
  verify(token: string): Promise<string | null>;
  /** The parent id of a token already verified and not yet expired, at once; else undefined. */
  known(token: string): string | undefined;
}

/** Verified tokens remembered at most; the oldest is forgotten first. */
const VERIFIED_CACHE_MAX = 5000;

/**
 * Short-lived HS256 JWTs naming the parent. The key is made once, not per request, and a token
 * already verified is not verified again until it expires: WebCrypto's HMAC showed in the read
 * routes' profiles (docs/performance.md). Only tokens that passed every check are remembered.
 */
export function createAccessTokens(
  secret: Uint8Array,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  now: () => number = Date.now,
  audience: string = AUDIENCE,
): AccessTokens {
  const verified = new Map<string, { parentId: string; expiresAt: number }>();
  const known = (token: string): string | undefined => {
    const entry = verified.get(token);
    return entry && entry.expiresAt > now() ? entry.parentId : undefined;
  };
  return {
    known,
    sign: (parentId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(parentId)
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),
    async verify(token) {
      const parentId = known(token);
      if (parentId) return parentId;
      verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience,
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
        if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, { parentId: payload.sub, expiresAt: payload.exp * 1000 });
        return payload.sub;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
