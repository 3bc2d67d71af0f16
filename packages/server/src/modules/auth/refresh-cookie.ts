import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'refresh_token';
/** Over https the `__Secure-` prefix makes browsers refuse the cookie unless it is Secure. */
export const SECURE_REFRESH_COOKIE = '__Secure-refresh_token';
export const REFRESH_COOKIE_PATH = '/api/auth';

const isHttps = (request: FastifyRequest) => request.protocol === 'https';

function cookieName(request: FastifyRequest): string {
  return isHttps(request) ? SECURE_REFRESH_COOKIE : REFRESH_COOKIE;
}

function attributes(request: FastifyRequest): CookieSerializeOptions {
  // Strict: the browser never sends it on a request started by another site; the path keeps
  // it off every call but the sign-in ones.
  return { httpOnly: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH, secure: isHttps(request) };
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[cookieName(request)];
  return value ? value : undefined;
}

export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  reply.setCookie(cookieName(request), token, { ...attributes(request), maxAge });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request), attributes(request));
}
