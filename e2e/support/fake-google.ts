/**
 * A stand-in for Google's ID-token issuer, for browser tests (Google is unreachable here).
 * GET /jwks serves the public key; POST /sign returns an ID token for the claims posted.
 * The app verifies these exactly as it verifies Google's: its code path is unchanged.
 */
import { createServer } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { FAKE_GOOGLE_PORT, TEST_CLIENT_ID } from './ports.js';

const { publicKey, privateKey } = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(publicKey)), kid: 'e2e-key', alg: 'RS256', use: 'sig' };

interface Claims {
  sub: string;
  email: string;
  name?: string;
  email_verified?: boolean;
}

async function sign(claims: Claims): Promise<string> {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
    .setIssuer('https://accounts.google.com')
    .setAudience(TEST_CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
}

createServer(async (req, res) => {
  if (req.method === 'GET' && req.url === '/jwks') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    return;
  }
  if (req.method === 'POST' && req.url === '/sign') {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const token = await sign(JSON.parse(body) as Claims);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ credential: token }));
    return;
  }
  if (req.url === '/health') {
    res.writeHead(200).end('ok');
    return;
  }
  res.writeHead(404).end();
}).listen(FAKE_GOOGLE_PORT, '127.0.0.1');
