import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { secureDataDir } from './db/storage-at-rest.js';
import { registerErrorHandlers } from './lib/errors.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import authPlugin from './plugins/app/auth.js';
import authenticationPlugin from './plugins/app/authentication.js';
import childAccessGuard from './plugins/app/child-access-guard.js';
import kidPlugin from './plugins/app/kid.js';
import ocrPlugin from './plugins/app/ocr.js';
import readCachePlugin from './plugins/app/read-cache.js';
import remindersPlugin from './plugins/app/reminders.js';
import repositoriesPlugin from './plugins/app/repositories.js';
import type { SpeechEngine } from './modules/speech/speech-engine.js';
import speechPlugin from './plugins/app/speech.js';
import healthPlugin from './plugins/app/health.js';
import metricsPlugin from './plugins/app/metrics.js';
import controlSocketPlugin from './plugins/app/control-socket.js';
import configPlugin from './plugins/external/config.js';
import dbPlugin from './plugins/external/db.js';
import securityPlugin from './plugins/external/security.js';
import timeZonePlugin from './plugins/external/time-zone.js';
import webAppPlugin from './plugins/external/web-app.js';
import apiRoutes from './routes/api/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/**
 * Answers smaller than this go out uncompressed. Anything up to about 14 KB fits in TCP's first
 * round trip (an initial window of 10 segments) compressed or not, so compressing the API's
 * typical answers (a few KB) saved the parent nothing and cost the server more than the rest
 * of the request (docs/performance.md). Long word lists and the web app's scripts are compressed.
 */
export const COMPRESS_MIN_BYTES = 14 * 1024;

/**
 * Node checks the open requests against REQUEST_TIMEOUT_MS and HEADERS_TIMEOUT_MS at most this
 * far apart (more often for short timeouts). A check walks only the requests still arriving.
 */
export const TIMEOUT_CHECK_MAX_MS = 1000;

/** JSON bodies are small here (200 words at most); anything bigger is a mistake or an attack. */
export const JSON_BODY_LIMIT = 128 * 1024;

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Replaces the offline speech engine (tests wrap the real one to count its calls). */
  speechEngine?: SpeechEngine;
  /** Background synthesis of saved word sets (default: on, except under NODE_ENV=test). */
  speechWarmUp?: boolean;
  /** The minute timer that sends reminders (default: on, except under NODE_ENV=test). */
  reminderTimer?: boolean;
  /** Sees every route as it is added (security tests build their matrix from the route table). */
  onRoute?: (route: RouteOptions) => void;
}

/** Never log credentials: tokens, cookies, Google's ID token. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  // @fastify/multipart logs the request's headers with its busboy options (at trace level).
  'busboyOptions.headers.authorization',
  'busboyOptions.headers.cookie',
  'body.credential',
  '*.accessToken',
  '*.refreshToken',
];

/**
 * Fastify's own hop count trusts nothing (it cannot check the peer), so a hop count becomes
 * proxy-addr's rule: the nearest `hops` addresses (the socket's peer first) are proxies.
 */
export function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return { level: config.logLevel, redact: { paths: LOG_REDACT, censor: '[redacted]' } };
}

/**
 * Builds the whole app without listening, so tests can drive it with `inject`. External
 * plugins first, then the app's services, then routes (fastify/demo's order).
 */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  secureDataDir(config.dataDir);
  const { http } = config;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    // Slow or stalled clients (slowloris, a body announced and never sent) must not hold a
    // connection, and with it a file descriptor, forever: Fastify's defaults are no limit.
    requestTimeout: http.requestTimeoutMs,
    connectionTimeout: http.connectionTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    // Node enforces the request and header timeouts only when it checks, on this period: a
    // close is late by up to one period, plus however long the event loop is busy when it is due
    // (docs/security.md, "a stalled body under load"). Its default, 30 s, would let a short
    // timeout run twice over.
    http: {
      headersTimeout: http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(
        TIMEOUT_CHECK_MAX_MS,
        Math.max(50, Math.floor(http.headersTimeoutMs / 4)),
      ),
    },
    // Finish in-flight requests on close; refuse new ones with 503 meanwhile.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.server.maxConnections = http.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandlers(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // While closing, end each keep-alive connection after its answer: otherwise a connection
  // whose request was in flight at SIGTERM stays open (idle) and close() waits for the
  // keep-alive timeout, past close-with-grace's deadline (exit 1).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback style: an async hook costs every request a promise (docs/performance.md).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(configPlugin, { config });
  await app.register(securityPlugin);
  // Compresses answers only. No client sends compressed bodies (the web app's are a few KB of
  // JSON), and inflating them is a zip-bomb door and a hook on every request.
  await app.register(compress, { threshold: COMPRESS_MIN_BYTES, globalDecompression: false });
  await app.register(rateLimit, { global: false });
  await app.register(timeZonePlugin);
  await app.register(dbPlugin);
  await app.register(repositoriesPlugin);
  await app.register(healthPlugin);
  await app.register(metricsPlugin);
  await app.register(controlSocketPlugin);
  await app.register(authPlugin);
  await app.register(childAccessGuard);
  await app.register(kidPlugin);
  // Before any route: it gives each /api route its authentication as the route is added.
  await app.register(authenticationPlugin);
  await app.register(readCachePlugin);
  await app.register(speechPlugin, { engine: options.speechEngine, warmUp: options.speechWarmUp });
  await app.register(ocrPlugin);
  await app.register(remindersPlugin, { timer: options.reminderTimer });

  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(webAppPlugin, {
    root: options.serveWeb === false ? undefined : (config.webDist ?? DEFAULT_WEB_DIST),
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
