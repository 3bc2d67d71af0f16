import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The API client against a real HTTP server on 127.0.0.1 with the real fetch: each test
 * sets how the server answers and reads back the requests it received.
 */

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  timeZone: string | undefined;
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;

let server: Server;
let seen: Seen[] = [];
let routes: Record<string, Handler> = {};

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const unauthorized: Handler = (_req, res) =>
  json(res, 401, { error: 'unauthorized', message: 'Please sign in again.' });

/** A protected resource that accepts only the given token. */
const acceptsOnly =
  (token: string, answer: unknown = { ok: true }): Handler =>
  (req, res) =>
    req.headers.authorization === `Bearer ${token}` ? json(res, 200, answer) : unauthorized(req, res, '');

const refreshTo =
  (token: string, delayMs = 0): Handler =>
  async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    json(res, 200, { accessToken: token });
  };

let client: typeof import('./api-client');

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const path = (req.url ?? '').replace(/^\/api/, '');
    seen.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      timeZone: req.headers['x-time-zone'] as string | undefined,
      body,
    });
    const handler = routes[`${req.method} ${path}`];
    if (handler) await handler(req, res, body);
    else json(res, 404, { error: 'not_found', message: 'Not found.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  vi.stubEnv('VITE_API_BASE', `http://127.0.0.1:${port}/api`);
  vi.resetModules();
  client = await import('./api-client');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  // The modules imported above hold this server's address as their API base. The web files
  // share their worker's modules (decision 026): without a reset, the next file in this worker
  // would call this closed server instead of its own stand-in for the API.
  vi.resetModules();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  routes = {};
  localStorage.clear();
});

const requests = () => seen.map((s) => `${s.method} ${s.path} ${s.authorization ?? '-'}`);

describe('api client', () => {
  it('sends the bearer token, the time zone and a JSON body, and parses the answer with the schema', async () => {
    localStorage.setItem('accessToken', 'good');
    routes['POST /child/create/p1'] = (req, res, body) =>
      json(res, 201, { id: 'c1', name: JSON.parse(body).childName });
    const created = await client.api('/child/create/p1', {
      method: 'POST',
      body: { childName: 'Mei' },
      schema: z.object({ id: z.string(), name: z.string() }),
    });
    expect(created).toEqual({ id: 'c1', name: 'Mei' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBe('Bearer good');
    expect(seen[0]!.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(JSON.parse(seen[0]!.body)).toEqual({ childName: 'Mei' });
  });

  it('sends no time zone without a token: signed-out routes count no days', async () => {
    routes['GET /auth/config'] = (_req, res) => json(res, 200, { ok: true });
    await client.api('/auth/config', { schema: z.object({ ok: z.boolean() }) });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBeUndefined();
    expect(seen[0]!.timeZone).toBeUndefined();
  });

  it('on a 401 refreshes the token once and retries the same request once with the new token', async () => {
    localStorage.setItem('accessToken', 'expired');
    routes['GET /things'] = acceptsOnly('fresh', { things: [1, 2] });
    routes['POST /auth/refresh-token'] = refreshTo('fresh');

    await expect(client.api('/things')).resolves.toEqual({ things: [1, 2] });
    expect(requests()).toEqual([
      'GET /things Bearer expired',
      'POST /auth/refresh-token -',
      'GET /things Bearer fresh',
    ]);
    expect(localStorage.getItem('accessToken')).toBe('fresh');
  });

  it('refreshes when /auth/me answers 401, so an expired token on reload keeps the session', async () => {
    localStorage.setItem('accessToken', 'garbage');
    routes['GET /auth/me'] = acceptsOnly('fresh', { userId: 'u1', children: [], isAdmin: false });
    routes['POST /auth/refresh-token'] = refreshTo('fresh');
    await expect(client.api('/auth/me')).resolves.toEqual({ userId: 'u1', children: [], isAdmin: false });
    expect(seen.map((s) => s.path)).toEqual(['/auth/me', '/auth/refresh-token', '/auth/me']);
  });

  it('retries only once: a second 401 becomes an ApiError', async () => {
    localStorage.setItem('accessToken', 'expired');
    routes['GET /things'] = unauthorized;
    routes['POST /auth/refresh-token'] = refreshTo('fresh');
    const error = await client.api('/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'Please sign in again.' });
    expect(requests()).toEqual([
      'GET /things Bearer expired',
      'POST /auth/refresh-token -',
      'GET /things Bearer fresh',
    ]);
  });

  it('concurrent 401s share one refresh', async () => {
    localStorage.setItem('accessToken', 'expired');
    routes['GET /a'] = acceptsOnly('fresh', 'a');
    routes['GET /b'] = acceptsOnly('fresh', 'b');
    routes['GET /c'] = acceptsOnly('fresh', 'c');
    routes['POST /auth/refresh-token'] = refreshTo('fresh', 50);

    await expect(Promise.all([client.api('/a'), client.api('/b'), client.api('/c')])).resolves.toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(seen.filter((s) => s.path === '/auth/refresh-token')).toHaveLength(1);
    const retries = seen.filter(
      (s) => s.path !== '/auth/refresh-token' && s.authorization === 'Bearer fresh',
    );
    expect(retries.map((s) => s.path).sort()).toEqual(['/a', '/b', '/c']);
  });

  it('a 401 arriving after another call already refreshed uses the new token without refreshing again', async () => {
    localStorage.setItem('accessToken', 'expired');
    routes['GET /fast'] = acceptsOnly('fresh', 'fast');
    routes['GET /slow'] = async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      acceptsOnly('fresh', 'slow')(req, res, '');
    };
    routes['POST /auth/refresh-token'] = refreshTo('fresh');

    await expect(Promise.all([client.api('/fast'), client.api('/slow')])).resolves.toEqual(['fast', 'slow']);
    expect(seen.filter((s) => s.path === '/auth/refresh-token')).toHaveLength(1);
  });

  it('a refused refresh clears the stored token and tells the listeners the parent is signed out', async () => {
    localStorage.setItem('accessToken', 'expired');
    routes['GET /things'] = unauthorized;
    routes['POST /auth/refresh-token'] = (_req, res) =>
      json(res, 401, { error: 'session_ended', message: 'Your session has ended.' });
    const listener = vi.fn();
    const stop = client.onSignedOut(listener);

    const error = await client.api('/things').catch((e: unknown) => e);
    stop();
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(requests()).toEqual(['GET /things Bearer expired', 'POST /auth/refresh-token -']);
  });

  it('a refresh the server could not answer (503) keeps the session for a later try', async () => {
    localStorage.setItem('accessToken', 'expired');
    routes['GET /things'] = unauthorized;
    routes['POST /auth/refresh-token'] = (_req, res) =>
      json(res, 503, { error: 'unavailable', message: 'Try again shortly.' });
    const listener = vi.fn();
    const stop = client.onSignedOut(listener);
    await expect(client.api('/things')).rejects.toMatchObject({ status: 401 });
    stop();
    expect(listener).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBe('expired');
  });

  it('a 401 for a call sent signed out is the answer: no refresh signs the parent back in', async () => {
    routes['GET /things'] = unauthorized;
    routes['POST /auth/refresh-token'] = refreshTo('fresh');
    await expect(client.api('/things')).rejects.toMatchObject({ status: 401 });
    expect(requests()).toEqual(['GET /things -']);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('signed out while a call was in flight: its 401 spends no refresh and stores no token', async () => {
    localStorage.setItem('accessToken', 'expired');
    routes['GET /slow'] = async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      unauthorized(req, res, '');
    };
    routes['POST /auth/refresh-token'] = refreshTo('fresh');
    const answer = client.api('/slow').catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 20));
    localStorage.removeItem('accessToken'); // sign-out (lib/reload-signed-out.ts)
    expect(await answer).toMatchObject({ status: 401 });
    expect(requests()).toEqual(['GET /slow Bearer expired']);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('does not refresh on a 401 from sign-in itself', async () => {
    routes['POST /auth/google/login'] = (_req, res) =>
      json(res, 401, { error: 'invalid_credential', message: 'Google sign-in failed.' });
    await expect(
      client.api('/auth/google/login', { method: 'POST', body: { credential: 'x' } }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credential',
      message: 'Google sign-in failed.',
    });
    expect(requests()).toEqual(['POST /auth/google/login -']);
  });

  it('parses error answers as JSON ApiError, with a plain sentence when the body is not JSON', async () => {
    routes['POST /review/c1'] = (_req, res) =>
      json(res, 400, { error: 'bad_request', message: 'wordsReviewed is required' });
    routes['GET /broken'] = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
    };

    const bad = await client.api('/review/c1', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(client.ApiError);
    expect(bad).toMatchObject({ status: 400, code: 'bad_request', message: 'wordsReviewed is required' });

    const broken = await client.api('/broken').catch((e: unknown) => e);
    expect(broken).toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'The server answered 502. Please try again.',
    });
  });

  it('answers undefined for 204 No Content', async () => {
    routes['DELETE /account'] = (_req, res) => {
      res.writeHead(204).end();
    };
    await expect(client.api('/account', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
