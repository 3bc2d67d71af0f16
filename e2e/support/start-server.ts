/**
 * Starts the real SpellWell server on a fresh temporary DATA_DIR for browser tests: the
 * production build (`npm run build`, which `npm test` runs first) when there is one, so the
 * browser tests exercise what `npm start` runs; the sources otherwise.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/server');
const built = path.join(serverDir, 'dist/server.mjs');

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'spellwell-e2e-'));
process.env.LOG_LEVEL ??= 'warn';
await import(existsSync(built) ? built : path.join(serverDir, 'src/server.ts'));
