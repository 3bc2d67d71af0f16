import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { LARGEST_SCAN_COST, SCAN_ADMISSION_DEFAULT } from './modules/scan-pool/scan-cost.js';
import { SCAN_NICE_DEFAULT } from './modules/scan-pool/scan-protocol.js';

const GOOGLE_JWKS = 'https://www.googleapis.com/oauth2/v3/certs';
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

const csv = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Fastify's (proxy-addr's) names for whole address ranges. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address or CIDR block ("10.0.0.0/8", "::1/128") or a named range ("loopback"). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address (X-Forwarded-For) and scheme: off, a number
 * of hops, or the proxies' addresses. `true` (trust every hop) is refused: with it a client
 * writes its own address in X-Forwarded-For, escapes the per-address rate limits and forges
 * the logged address (docs/security.md).
 */
const TrustProxySchema = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value) && Number(value) <= 100) return Number(value);
    const entries = csv(value);
    if (value !== 'true' && entries.length > 0 && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        value === 'true'
          ? 'true would trust every hop (any client could pick its own address); give the number of proxies in front of SpellWell (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)'
          : 'must be a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or CIDR blocks (e.g. 127.0.0.1,10.0.0.0/8)',
    });
    return z.NEVER;
  });

/**
 * The push services of the major browsers (Chrome and Edge's FCM, Firefox's autopush, Safari's
 * Apple service, Windows' WNS): the only hosts a push subscription may name (issue 38).
 */
export const DEFAULT_PUSH_ENDPOINT_HOSTS =
  'fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.push.apple.com,*.notify.windows.com';

/** A host name (`*.` for its subdomains), with a port when it is not 443; never an address. */
const PUSH_HOST = /^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]*[a-z0-9])?(:\d{1,5})?$/;

const milliseconds = (fallback: number) => z.coerce.number().int().min(1).max(3_600_000).default(fallback);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** A PostgreSQL schema other than public (also where the migration bookkeeping lives). */
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a plain schema name')
      // The reminder queue lives beside it in `<schema>_pgboss`, and pg-boss takes 50 characters.
      .max(43, 'must be at most 43 characters')
      .optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_JWKS_URL: z.url().default(GOOGLE_JWKS),
    GOOGLE_ISSUERS: z.string().default('accounts.google.com,https://accounts.google.com').transform(csv),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) => csv(v).map((e) => e.toLowerCase())),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: TrustProxySchema,
    /** The whole request (headers and body) must arrive within this; a stalled upload is cut. */
    REQUEST_TIMEOUT_MS: milliseconds(60_000),
    /** The request's headers must arrive within this (at most REQUEST_TIMEOUT_MS). */
    HEADERS_TIMEOUT_MS: milliseconds(15_000),
    /** A connection with no traffic either way for this long is closed. */
    CONNECTION_TIMEOUT_MS: milliseconds(120_000),
    /** An idle keep-alive connection is closed after this (longer than a load balancer's, if any). */
    KEEP_ALIVE_TIMEOUT_MS: milliseconds(10_000),
    /** Open connections at most; more are refused. Keep it under the process's file limit (ulimit -n). */
    MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    /** Scales every rate limit (browser and load tests sign in many parents from one address). */
    RATE_LIMIT_MULTIPLIER: z.coerce.number().min(1).max(10_000).default(1),
    /** Spoken-word audio kept on disk at most (about 6 KB a word); the least recently used goes first. */
    SPEECH_CACHE_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(256),
    GOOGLE_TTS_API_KEY: z.string().min(1).optional(),
    GOOGLE_TTS_URL: z.url().default('https://texttospeech.googleapis.com/v1/text:synthesize'),
    /** Processes that read scans (the name is older); each language is read in one of them (scan-pool.ts). */
    SCAN_THREADS: z.coerce.number().int().min(1).max(4).default(1),
    /** Megapixels of scan work admitted at once, running and waiting (admission.ts); past it 503. */
    SCAN_ADMISSION_MEGAPIXELS: z.coerce.number().int().min(1).max(100_000).default(SCAN_ADMISSION_DEFAULT),
    /** A scan still being read after this is stopped and its process ended. */
    SCAN_TIMEOUT_MS: milliseconds(60_000),
    /**
     * How far below the server's priority the scan processes run (0–19): requests go first. 0
     * where other programs at normal priority share the cores, such as a browser under test.
     */
    SCAN_NICE: z.coerce.number().int().min(0).max(19).default(SCAN_NICE_DEFAULT),
    /** Turns on /metrics for a scraper sending it as a bearer token. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Web Push (issue 38): unset, a key pair is made once into DATA_DIR/vapid.json. */
    VAPID_PUBLIC_KEY: z.string().min(1).optional(),
    VAPID_PRIVATE_KEY: z.string().min(1).optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
      .default('mailto:reminders@spellwell.invalid'),
    PUSH_ENDPOINT_HOSTS: z
      .string()
      .default(DEFAULT_PUSH_ENDPOINT_HOSTS)
      .transform((v) => csv(v).map((h) => h.toLowerCase()))
      .refine((hosts) => hosts.every((h) => PUSH_HOST.test(h) && isIP(h.replace(/:\d+$/, '')) === 0), {
        message:
          'must be host names (*.example.com for subdomains, host:port for a port other than 443), never addresses',
      }),
    /** E-mail reminders: unset, e-mail is off. smtp:// or smtps:// with any credentials in it. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    SMTP_FROM: z.string().min(3).optional(),
    /** How often each server looks for reminders whose time has come. */
    REMINDER_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * A reminder taken by a server and neither sent nor given back within this long is taken to
     * be that of a server that died sending it: another server sends it (decision record 015).
     * Longer than a send can take (push 10 s a device, in parallel, then the e-mail).
     */
    REMINDER_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
    /** The app's public address, for links in e-mail (https://spellwell.example). */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.GOOGLE_CLIENT_ID, {
    path: ['GOOGLE_CLIENT_ID'],
    message: 'is required when NODE_ENV is production',
  })
  .refine((env) => !env.SMTP_URL || (env.SMTP_FROM && env.PUBLIC_URL), {
    path: ['SMTP_URL'],
    message: 'needs SMTP_FROM and PUBLIC_URL too (the sender, and the address the unsubscribe link opens)',
  })
  .refine((env) => !env.VAPID_PUBLIC_KEY === !env.VAPID_PRIVATE_KEY, {
    path: ['VAPID_PUBLIC_KEY'],
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
  })
  .refine((env) => env.HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
    path: ['HEADERS_TIMEOUT_MS'],
    message: 'must not be longer than REQUEST_TIMEOUT_MS',
  })
  .refine((env) => env.SCAN_ADMISSION_MEGAPIXELS * 1_000_000 >= LARGEST_SCAN_COST, {
    path: ['SCAN_ADMISSION_MEGAPIXELS'],
    message: `must be at least ${Math.ceil(LARGEST_SCAN_COST / 1_000_000)}, what the largest photo accepted costs`,
  });

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded SQLite database in dataDir. ':memory:' for tests. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  databasePoolSize: number;
  /** PostgreSQL schema to use instead of public (each test file gets its own). */
  databaseSchema?: string;
  google: { clientId: string | undefined; jwksUrl: string; issuers: string[] };
  adminEmails: string[];
  jwtSecret: Uint8Array;
  logLevel: string;
  webDist: string | undefined;
  /** Off, a number of proxy hops, or the proxies' addresses (never "every hop"). */
  trustProxy: false | number | string[];
  /**
   * Demo sign-in: only without Google, outside production, listening on loopback, and not
   * behind a proxy (TRUST_PROXY unset); each request is checked again (lib/local-request.ts).
   */
  demoLogin: boolean;
  /** Node's HTTP server limits against slow or stalled clients (docs/security.md). */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    connectionTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnections: number;
  };
  tts: { googleApiKey: string | undefined; googleUrl: string };
  /** Bytes of spoken-word audio kept in DATA_DIR/audio-cache at most. */
  speechCacheMaxBytes: number;
  rateLimitMultiplier: number;
  /** Unset: /metrics is off (404). */
  metricsToken: string | undefined;
  /** The scan processes and what they may take on at once (docs/security.md, "Scans"). */
  scans: { threads: number; admissionPixels: number; timeoutMs: number; nice: number };
  /** Reminders (issue 38, docs/security.md "Reminders"). */
  reminders: {
    /** Unset: made once into DATA_DIR/vapid.json by the reminders plugin. */
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    vapidSubject: string;
    /** Hosts a push endpoint may name: exact, or `*.domain`; `host:port` for another port. */
    pushEndpointHosts: string[];
    /** Undefined: e-mail is off. */
    smtp: { url: string; from: string } | undefined;
    publicUrl: string | undefined;
    checkMs: number;
    leaseMs: number;
  };
}

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sqliteFile: path.join(dataDir, 'spellwell.sqlite'),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseSchema: e.DATABASE_SCHEMA,
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL, issuers: e.GOOGLE_ISSUERS },
    adminEmails: e.ADMIN_EMAILS,
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? readOrCreateSecret(dataDir)),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    demoLogin:
      !e.GOOGLE_CLIENT_ID && e.NODE_ENV !== 'production' && LOOPBACK.test(e.HOST) && e.TRUST_PROXY === false,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
    },
    tts: { googleApiKey: e.GOOGLE_TTS_API_KEY, googleUrl: e.GOOGLE_TTS_URL },
    speechCacheMaxBytes: e.SPEECH_CACHE_MAX_MB * 1024 * 1024,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    metricsToken: e.METRICS_TOKEN,
    scans: {
      threads: e.SCAN_THREADS,
      admissionPixels: e.SCAN_ADMISSION_MEGAPIXELS * 1_000_000,
      timeoutMs: e.SCAN_TIMEOUT_MS,
      nice: e.SCAN_NICE,
    },
    reminders: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject: e.VAPID_SUBJECT,
      pushEndpointHosts: e.PUSH_ENDPOINT_HOSTS,
      smtp: e.SMTP_URL && e.SMTP_FROM ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
      publicUrl: e.PUBLIC_URL,
      checkMs: e.REMINDER_CHECK_SECONDS * 1000,
      leaseMs: e.REMINDER_LEASE_SECONDS * 1000,
    },
  };
}

/** A secret made once per installation, so a new user needs no setup and tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(48).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process created it first: use theirs.
      return readFileSync(file, 'utf8').trim();
    }
  }
}
