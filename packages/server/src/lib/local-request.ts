import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 ("::ffff:127.0.0.1"). */
const LOOPBACK_ADDRESS = /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$|^::1$/i;
/** A Host header naming this machine: localhost, 127.x.x.x or [::1], with or without a port. */
const LOOPBACK_HOST = /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::\d{1,5})?$/i;

export const isLoopbackHost = (host: string | undefined): boolean =>
  host !== undefined && LOOPBACK_HOST.test(host);

/** A header a proxy adds: a request carrying one came through something else. */
const forwarded = (name: string) =>
  name.startsWith('x-forwarded-') || name === 'forwarded' || name === 'x-real-ip';

/**
 * True only for a request made on this machine, to this machine, directly: the socket's own
 * peer is loopback (never an address a header claims), no proxy header at all, and a loopback
 * Host (so a page on another site that rebinds its name to 127.0.0.1 is refused too). The demo
 * sign-in asks this of every request, not only of the address the server listens on.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress;
  if (peer === undefined || !LOOPBACK_ADDRESS.test(peer)) return false;
  if (Object.keys(request.headers).some(forwarded)) return false;
  return isLoopbackHost(request.headers.host);
}
