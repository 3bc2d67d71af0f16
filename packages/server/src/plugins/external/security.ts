import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

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
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
});
