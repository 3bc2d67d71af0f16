/**
 * Production build of the server: one ES module for the server, one for the speech thread
 * and one for the scan processes (options in esbuild-options.ts). Running compiled code instead
 * of tsx saves ~35 MB of memory and the start-up transpile (docs/performance.md). Tests run
 * the sources directly.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SCAN_PROCESS_ENTRY, serverBuildOptions, SYNTH_WORKER_ENTRY } from './esbuild-options.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await build(
  serverBuildOptions(
    {
      server: path.join(root, 'src/server.ts'),
      'synth-worker': SYNTH_WORKER_ENTRY,
      'scan-process': SCAN_PROCESS_ENTRY,
    },
    path.join(root, 'dist'),
  ),
);
console.info('server built into packages/server/dist');
