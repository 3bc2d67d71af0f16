import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { afterAll } from 'vitest';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface SignOptions {
  /** Claims to add or override (`undefined` removes a default claim). */
  claims?: Record<string, unknown>;
  /** Sign with a key the JWKS does not serve (a forged or unknown key). */
  key?: { privateKey: CryptoKey; kid: string };
  /** Seconds since the epoch for `exp` (default: an hour from now). */
  exp?: number;
  iat?: number;
}

export interface FakeGoogle {
  /** The JWKS address to put in GOOGLE_JWKS_URL. */
  jwksUrl: string;
  clientId: string;
  /** Times the JWKS was fetched (jose should cache it). */
  fetches(): number;
  /** An RS256 ID token as Google issues it, for `sub`/`email`, with chosen claims. */
  sign(sub: string, email: string, options?: SignOptions): Promise<string>;
  /** A fresh RS256 key pair that is NOT in the served key set. */
  otherKey(
    kid?: string,
  ): Promise<{ privateKey: CryptoKey; publicKey: CryptoKey; publicJwk: JWK; kid: string }>;
  close(): Promise<void>;
}

/**
 * A stand-in for Google's ID-token issuer: an RS256 key pair, its public half served as a
 * JWKS over real HTTP on 127.0.0.1 (a free port), and a signer. Closed after the test file.
 */
export async function startFakeGoogle(clientId = 'test-client'): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = 'test-key-1';
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  let fetches = 0;

  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/jwks') {
      fetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  afterAll(close);

  return {
    jwksUrl: `http://127.0.0.1:${port}/jwks`,
    clientId,
    fetches: () => fetches,
    async sign(sub, email, options = {}) {
      const nowSeconds = Math.floor(Date.now() / 1000);
      const payload: JWTPayload = {
        iss: GOOGLE_ISSUER,
        aud: clientId,
        sub,
        email,
        email_verified: true,
        name: 'Pat Parent',
        iat: options.iat ?? nowSeconds,
        exp: options.exp ?? nowSeconds + 3600,
        ...options.claims,
      };
      for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
      const signer = options.key ?? { privateKey, kid };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: signer.kid, typ: 'JWT' })
        .sign(signer.privateKey);
    },
    async otherKey(otherKid = 'test-key-unknown') {
      const pair = await generateKeyPair('RS256', { extractable: true });
      return { ...pair, publicJwk: await exportJWK(pair.publicKey), kid: otherKid };
    },
    close,
  };
}
