/** Starts the real SpellWell server on a fresh temporary DATA_DIR for browser tests. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'spellwell-e2e-'));
process.env.LOG_LEVEL ??= 'warn';
await import('../../packages/server/src/server.js');
