/**
 * Who may call each /api route. One hook applies it (plugins/app/authentication.ts): a route
 * not listed here as public, and not a child's device route, requires a parent's session.
 * A new route is therefore signed-in by default; making one public means adding it here.
 */
export type RouteAuth = 'public' | 'kid' | 'parent';

/** `METHOD /api/path` of every route anyone may call; each has its own credential or needs none. */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  // Liveness and readiness, for load balancers.
  'GET /api/health',
  'GET /api/health/ready',
  // Which sign-in to offer, sign-in itself, and the refresh cookie's own routes.
  'GET /api/auth/config',
  'POST /api/auth/google/login',
  'POST /api/auth/dev/login',
  'POST /api/auth/refresh-token',
  'POST /api/auth/logout',
  // Stroke order data (issue 21): the same public file for everyone.
  'GET /api/hanzi/:char.json',
  // The link in reminder e-mails (issue 38): its signed token is the credential.
  'GET /api/reminders/unsubscribe',
  // A device pass's secret, then the device's own refresh cookie (issue 36).
  'POST /api/kid/session',
  'POST /api/kid/session/refresh',
]);

/** A child's device routes (issue 36): the device's token, which every parent route refuses. */
export const KID_ROUTE_PREFIX = '/api/kid/';

/** The auth of one method and path; null for routes outside /api (the web app, /metrics). */
export function routeAuth(method: string, url: string): RouteAuth | null {
  if (!url.startsWith('/api/')) return null;
  // Fastify's HEAD twin of a GET route is the same route.
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  if (PUBLIC_ROUTES.has(key)) return 'public';
  return url.startsWith(KID_ROUTE_PREFIX) ? 'kid' : 'parent';
}
