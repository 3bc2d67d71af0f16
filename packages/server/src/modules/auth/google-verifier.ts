import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { Identity } from './parents-repository.js';

/** Seconds of clock difference accepted between Google and this server. */
export const GOOGLE_CLOCK_TOLERANCE_SECONDS = 5;

export type GoogleVerification =
  | { ok: true; identity: Identity }
  /** `reason` is a short code for the logs; the caller only learns that sign-in failed. */
  | { ok: false; reason: string; unavailable: boolean };

export interface GoogleVerifier {
  verify(credential: string): Promise<GoogleVerification>;
}

export interface GoogleVerifierOptions {
  clientId: string;
  jwksUrl: string;
  issuers: string[];
}

/**
 * Checks a Google ID token: RS256 signature against Google's published keys, audience,
 * issuer, expiry and a verified e-mail. The key set is made once: jose caches it and
 * refetches when a token names a key it has not seen (Google rotates its keys).
 */
export function createGoogleVerifier({ clientId, jwksUrl, issuers }: GoogleVerifierOptions): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(jwksUrl));
  return {
    async verify(credential) {
      try {
        const { payload } = await jwtVerify(credential, keys, {
          algorithms: ['RS256'],
          audience: clientId,
          issuer: issuers,
          clockTolerance: GOOGLE_CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        // Google sends a boolean; anything else (absent, "true", false) is not a verified address.
        if (payload.email_verified !== true)
          return { ok: false, reason: 'email_not_verified', unavailable: false };
        if (typeof payload.sub !== 'string' || payload.sub === '') {
          return { ok: false, reason: 'missing_sub', unavailable: false };
        }
        if (typeof payload.email !== 'string' || payload.email === '') {
          return { ok: false, reason: 'missing_email', unavailable: false };
        }
        const name = typeof payload.name === 'string' ? payload.name : null;
        return { ok: true, identity: { sub: payload.sub, email: payload.email, name } };
      } catch (error) {
        return failure(error);
      }
    },
  };
}

/**
 * Google's keys could not be fetched or read: our side (or Google's) is at fault, not the
 * caller. jose raises its generic error only for a key-set response that is not 200 JSON.
 */
const UNAVAILABLE = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

function failure(error: unknown): GoogleVerification {
  if (error instanceof errors.JWTClaimValidationFailed || error instanceof errors.JWTExpired) {
    return { ok: false, reason: `${error.code}:${error.claim}`, unavailable: false };
  }
  if (error instanceof errors.JOSEError) {
    return { ok: false, reason: error.code, unavailable: UNAVAILABLE.has(error.code) };
  }
  // jose lets fetch's own errors through (connection refused, DNS): the key set is unreachable.
  // A malformed token never gets this far: jose rejects it with a JOSEError first.
  return { ok: false, reason: 'jwks_unreachable', unavailable: true };
}
