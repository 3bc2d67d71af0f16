import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const GOOGLE_JWKS = 'https://www.googleapis.com/oauth2/v3/certs';
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

const csv = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

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
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Scales every rate limit (browser and load tests sign in many parents from one address). */
    RATE_LIMIT_MULTIPLIER: z.coerce.number().min(1).max(10_000).default(1),
    GOOGLE_TTS_API_KEY: z.string().min(1).optional(),
    GOOGLE_TTS_URL: z.url().default('https://texttospeech.googleapis.com/v1/text:synthesize'),
    /** Turns on /metrics for a scraper sending it as a bearer token. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.GOOGLE_CLIENT_ID, {
    path: ['GOOGLE_CLIENT_ID'],
    message: 'is required when NODE_ENV is production',
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
  trustProxy: boolean;
  /** Demo sign-in: only without Google, outside production, on a loopback address. */
  demoLogin: boolean;
  tts: { googleApiKey: string | undefined; googleUrl: string };
  rateLimitMultiplier: number;
  /** Unset: /metrics is off (404). */
  metricsToken: string | undefined;
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
    demoLogin: !e.GOOGLE_CLIENT_ID && e.NODE_ENV !== 'production' && LOOPBACK.test(e.HOST),
    tts: { googleApiKey: e.GOOGLE_TTS_API_KEY, googleUrl: e.GOOGLE_TTS_URL },
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    metricsToken: e.METRICS_TOKEN,
  };
}

/** A secret made once per installation, so a new user needs no setup and tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
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
