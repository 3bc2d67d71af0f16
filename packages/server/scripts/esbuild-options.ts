import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@spellwell/shared');

/** The speech thread's entry; synth-pool.ts loads `synth-worker.mjs` from beside the bundle. */
export const SYNTH_WORKER_ENTRY = path.join(root, 'src/modules/speech/synth-worker.ts');
/** The scan processes' entry; scan-pool.ts starts `scan-process.mjs` from beside the bundle. */
export const SCAN_PROCESS_ENTRY = path.join(root, 'src/modules/scan-pool/scan-process.ts');

/**
 * How the server is compiled: the workspace's own TypeScript (shared included) bundled into
 * ES modules, npm packages left as imports. The benchmarks compile their server scripts the
 * same way, so they measure what production runs.
 */
export function serverBuildOptions(entryPoints: Record<string, string>, outdir: string): BuildOptions {
  return {
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, ...external.map((name) => `${name}/*`)],
    sourcemap: true,
    // Stack traces need the map's positions only, not a copy of every source file: `npm start`
    // (--enable-source-maps) holds the map in memory (docs/performance.md, "Scan memory of the
    // server").
    sourcesContent: false,
    logLevel: 'warning',
    // Some dependencies are CommonJS and call require(); give the bundle a real one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  };
}
