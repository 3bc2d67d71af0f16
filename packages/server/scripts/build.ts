/**
 * Production build of the server: one ES module for the server and one for the speech
 * thread, with the workspace's own TypeScript (shared included) compiled in and npm packages
 * left as imports. Running compiled code instead of tsx saves ~35 MB of memory and the
 * start-up transpile (docs/performance.md). Tests run the sources directly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@spellwell/shared');

await build({
  entryPoints: {
    server: path.join(root, 'src/server.ts'),
    'synth-worker': path.join(root, 'src/plugins/app/speech/synth-worker.ts'),
  },
  outdir: path.join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...external, ...external.map((name) => `${name}/*`)],
  sourcemap: true,
  logLevel: 'warning',
  // Some dependencies are CommonJS and call require(); give the bundle a real one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
console.info('server built into packages/server/dist');
