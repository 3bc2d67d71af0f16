// The real SpellWell app as production runs it, with two signed-in parents and nothing else,
// for bench/scan-flood.ts. Settings come from the environment (SCAN_*, RATE_LIMIT_MULTIPLIER).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { createParentsRepository } from '../../packages/server/src/modules/auth/parents-repository.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'spellwell-scan-flood-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  GOOGLE_CLIENT_ID: 'spellwell-bench.apps.googleusercontent.com',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
  LOG_LEVEL: 'silent',
});
const app = await buildApp(config, { logger: false, serveWeb: false, speechWarmUp: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');

const parents = createParentsRepository(app.db);
const signedIn = async (name: string) => {
  const parent = await parents.upsertByIdentity({
    sub: `bench:${randomUUID()}`,
    email: `${name}@example.com`,
    name,
  });
  return { id: parent.id, authorization: `Bearer ${await app.accessTokens.sign(parent.id)}` };
};
console.info(
  JSON.stringify({
    url: `http://127.0.0.1:${address.port}`,
    flooding: await signedIn('flooding-parent'),
    other: await signedIn('other-parent'),
    admissionPixels: config.scans.admissionPixels,
    threads: config.scans.threads,
  }),
);
process.on(
  'SIGTERM',
  () =>
    void app.close().then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }),
);
