import autocannon, { type RequestSpec } from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** Socket errors, timeouts and answers outside 2xx: a run with any of these is not a clean number. */
  failures: number;
}

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Rewrites each request, e.g. to rotate through word ids. */
  setupRequest?: RequestSpec['setupRequest'];
  connections?: number;
  /** Seconds; bounded so a benchmark always stops by itself. */
  duration?: number;
  /** A fixed number of requests instead of a duration. */
  amount?: number;
}

export const CONNECTIONS = 20;
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);

/** Only loopback addresses are ever a target. */
function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(host)) throw new Error(`refusing to load ${host}`);
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  assertLoopback(options.url);
  const request: RequestSpec = {
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    ...(options.setupRequest ? { setupRequest: options.setupRequest } : {}),
  };
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? CONNECTIONS,
    timeout: 10,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? DURATION_S }),
    requests: [request],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** A short unmeasured run first, so JIT and caches are warm for the measured one. */
export async function warmThenLoad(options: LoadOptions): Promise<LoadResult> {
  await load({ ...options, duration: 1, amount: undefined });
  return load(options);
}
