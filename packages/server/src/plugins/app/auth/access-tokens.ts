import { SignJWT, errors, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'spellwell';
const AUDIENCE = 'spellwell-api';

export interface AccessTokens {
  sign(parentId: string): Promise<string>;
  /** The parent id the token names, or null when it is missing, expired, forged or malformed. */
  verify(token: string): Promise<string | null>;
}

/** Short-lived HS256 JWTs naming the parent. The key is made once, not per request. */
export function createAccessTokens(secret: Uint8Array, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): AccessTokens {
  return {
    sign: (parentId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(parentId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
