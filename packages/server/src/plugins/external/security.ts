import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { HttpError } from '../../lib/errors.js';
import { isLoopbackHost } from '../../lib/local-request.js';

const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/**
 * Security headers. Google's sign-in needs its script, frame, styles and XHR from
 * accounts.google.com/gsi/, and a popup-friendly opener policy; everything else is this
 * origin only, with no inline script.
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", GOOGLE_GSI],
      frameSrc: ["'self'", GOOGLE_GSI],
      connectSrc: ["'self'", GOOGLE_GSI],
      styleSrc: ["'self'", GOOGLE_GSI],
      imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
      mediaSrc: ["'self'", 'blob:', 'data:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // HSTS only means something over https; a plain-http local install must not send it.
  strictTransportSecurity: false,
};

/**
 * Runs helmet once and keeps the headers it sets. Our policy has no nonces or per-request
 * values, so the headers are the same for every response; building them per request (as
 * @fastify/helmet does) was a large share of a small route's time (docs/performance.md).
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export default fp(async (app) => {
  const headers = helmetHeaders();
  // Every API answer is about a signed-in parent or hands out a token (RFC 6749 §5.1): no
  // browser, proxy or shared cache may keep it. A route that may be kept says so itself
  // (spoken words: private, immutable).
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
  if (app.config.demoLogin) {
    // A local demo install answers only requests addressed to this machine by name: a page on
    // another site that points its own name at 127.0.0.1 (DNS rebinding) would otherwise
    // sign in as the demo parent and read or delete that data (docs/security.md).
    app.addHook('onRequest', (request, _reply, done) => {
      if (isLoopbackHost(request.headers.host)) return done();
      done(
        new HttpError(
          421,
          'misdirected_request',
          'This SpellWell runs on this computer only: open it at localhost.',
        ),
      );
    });
  }
});
