import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.js';

/** host[:port] with the scheme's default port dropped, so "a.com" and "a.com:443" match. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null; // "null" (sandboxed frames, some redirects) or garbage: not this site
  }
}

/**
 * A second wall (after SameSite=Strict) for the routes the refresh cookie authenticates:
 * a request another site's page made is refused, whatever cookies it carries.
 */
export async function rejectCrossSite(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const fetchSite = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const crossOrigin =
    origin !== undefined &&
    hostOf(origin) !== (hostOf(`${request.protocol}://${request.host}`) ?? request.host);
  if (fetchSite === 'cross-site' || crossOrigin) {
    throw new HttpError(403, 'cross_site', 'This request must come from the SpellWell site itself.');
  }
}
