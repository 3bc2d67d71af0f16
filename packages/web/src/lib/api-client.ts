import type { z } from 'zod';
import { API_BASE } from '../config/env';
import { TIME_ZONE_HEADER, browserTimeZone } from './time-zone';
import { tokenStorage } from './token-storage';

/** An error answer from the API, with its machine code and a sentence to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * True when the thing a URL names is not there for this parent: 404 (deleted, or another
 * parent's), or 400 for an id that cannot be one (a mangled link). Trying again cannot help.
 */
export function isMissing(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 404 || (error.status === 400 && error.code === 'validation_error'))
  );
}

export interface RequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body, FormData for uploads, or a Blob sent as it is (with its own type). */
  body?: unknown;
  /** Parses and checks the answer; without it the answer is returned unparsed as `unknown`. */
  schema?: S;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type Result<S> = S extends z.ZodType ? z.infer<S> : unknown;

const REFRESH_PATH = '/auth/refresh-token';
/**
 * Calls whose 401 means "these credentials are wrong", not "the access token expired":
 * refreshing would not help (and refreshing on the refresh call itself would loop).
 */
const NO_REFRESH = new Set([REFRESH_PATH, '/auth/google/login', '/auth/dev/login', '/auth/logout']);

const signedOutListeners = new Set<() => void>();

/** Called when the session cannot be refreshed: the parent must sign in again. */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
}

function signOutLocally(): void {
  tokenStorage.clear();
  signedOutListeners.forEach((listener) => listener());
}

/** `rejected`: the server refused the refresh token. `unreachable`: no answer (offline), try later. */
type RefreshOutcome = { token: string } | 'rejected' | 'unreachable';

let refreshing: Promise<string | null> | null = null;

async function requestRefresh(): Promise<RefreshOutcome> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${REFRESH_PATH}`, { method: 'POST', credentials: 'include' });
  } catch {
    return 'unreachable';
  }
  if (res.status >= 500) return 'unreachable';
  if (!res.ok) return 'rejected';
  try {
    const { accessToken } = (await res.json()) as { accessToken?: unknown };
    if (typeof accessToken !== 'string' || !accessToken) return 'rejected';
    tokenStorage.set(accessToken);
    return { token: accessToken };
  } catch {
    return 'rejected';
  }
}

/**
 * One refresh for any number of concurrent 401s: the refresh token rotates on every use, so
 * two refreshes in a row would spend it twice. A rejected refresh signs the parent out.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= requestRefresh().then((outcome) => {
    refreshing = null;
    if (outcome === 'rejected') signOutLocally();
    return typeof outcome === 'object' ? outcome.token : null;
  });
  return refreshing;
}

function send(path: string, options: RequestOptions<z.ZodType | undefined>, token: string | null) {
  const headers: Record<string, string> = { ...options.headers };
  // Only signed-in routes count days. Asking Intl for the time zone first loads its locale
  // data, the landing page's largest script cost once (docs/performance.md).
  if (token) {
    headers.authorization = `Bearer ${token}`;
    headers[TIME_ZONE_HEADER] = browserTimeZone();
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(`${API_BASE}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
}

/**
 * Turns an error answer into an ApiError, reading the API's JSON `{error, message}` (the
 * shared ApiErrorSchema). Checked by hand: this module is in the entry chunk, which stays
 * free of zod to keep the landing page light.
 */
export async function toApiError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as { error?: unknown; message?: unknown } | null;
    if (typeof body?.error === 'string' && typeof body.message === 'string') {
      return new ApiError(res.status, body.error, body.message);
    }
  } catch {
    // not JSON: fall through to a generic message
  }
  return new ApiError(res.status, 'http_error', `The server answered ${res.status}. Please try again.`);
}

/** A call, with one token refresh and retry when the access token has expired. */
async function sendRefreshing(
  path: string,
  options: RequestOptions<z.ZodType | undefined>,
  sentWith: string | null,
) {
  const res = await send(path, options, sentWith);
  if (res.status !== 401 || NO_REFRESH.has(path)) return res;
  // Sent signed out, or the parent signed out while it was in flight: the 401 is the answer.
  // Refreshing would sign them back in with a cookie a failed sign-out call left behind.
  const current = tokenStorage.get();
  if (!sentWith || !current) return res;
  // Another call may have refreshed while this one was in flight: use its token, do not spend another refresh.
  const token = current !== sentWith ? current : await refreshAccessToken();
  if (!token) return res;
  return send(path, options, token);
}

// Offline answers (lib/kept-answers.ts) load only when first needed: not on the landing page.
const keptAnswers = () => import('./kept-answers');

/**
 * The raw Response of an authenticated call (for audio and other non-JSON answers). A 401
 * triggers one token refresh, then one retry of the same request with the new token.
 *
 * Signed in, a GET's answer is kept (lib/kept-answers.ts); when the network is gone the kept
 * answer comes instead, so a page reloaded offline still has its words and audio, and with
 * nothing kept, an OfflineError that says the change or page needs a connection.
 */
export async function apiFetch(
  path: string,
  options: RequestOptions<z.ZodType | undefined> = {},
): Promise<Response> {
  const sentWith = tokenStorage.get();
  const reading = (options.method ?? 'GET') === 'GET';
  let res: Response;
  try {
    res = await sendRefreshing(path, options, sentWith);
  } catch (error) {
    if (!sentWith || options.signal?.aborted) throw error;
    return keptAnswers().then(
      (kept) => kept.offlineAnswer(path, reading, error),
      () => Promise.reject(error as Error),
    );
  }
  if (sentWith && reading && res.ok) {
    const copy = res.clone();
    void keptAnswers().then(
      (kept) => kept.keepAnswer(path, copy),
      () => undefined,
    );
  }
  return res;
}

/** Every JSON call of the web app goes through here. */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const res = await apiFetch(path, options);
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as Result<S>;
  const data: unknown = await res.json();
  return (options.schema ? options.schema.parse(data) : data) as Result<S>;
}
