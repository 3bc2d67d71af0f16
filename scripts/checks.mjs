// The checks before the tests (lint, typecheck, build), on every core at once.
// `node scripts/checks.mjs lint typecheck build` runs the commands of those groups in one pool,
// the longest first, prints each command's output whole when it ends, and fails when any
// failed. Each command is single-threaded (tsc, eslint, prettier) or nearly so (vite), so one
// after another they left a core of two idle. docs/decisions/026-test-layout.md.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository's own tools first, as under `npm run`, so `node scripts/checks.mjs` works too. */
const env = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
};

/**
 * Each group's commands with their CPU seconds (measured in decision 026): the pool starts the
 * longest first, so it does not end on one long command with the other core idle.
 */
const GROUPS = {
  lint: [
    ['prettier --check .', 21],
    ['eslint . --max-warnings=0', 15],
  ],
  typecheck: [
    ['tsc -p packages/server', 16],
    ['tsc -p bench', 15],
    ['tsc -p packages/web', 15],
    ['tsc -p e2e', 8],
    ['tsc -p packages/shared', 6],
    ['tsc -p packages/web/tsconfig.sw.json', 2],
  ],
  build: [['npm run build', 19]],
};

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in GROUPS));
if (names.length === 0 || unknown.length > 0) {
  console.error(`usage: node scripts/checks.mjs <${Object.keys(GROUPS).join('|')}>...`);
  process.exit(2);
}
const commands = names
  .flatMap((name) => GROUPS[name])
  .sort(([, a], [, b]) => b - a)
  .map(([command]) => command);

/** Runs one command through the shell, its output kept until it ends. */
function run(command) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      const text = Buffer.concat(output).toString().trimEnd();
      console.info(`${ok ? 'ok  ' : 'FAIL'} ${command} (${seconds} s${signal ? `, ${signal}` : ''})`);
      if (text) console.info(text);
      resolve(ok);
    });
  });
}

const queue = [...commands];
let failed = 0;
async function lane() {
  for (let command = queue.shift(); command; command = queue.shift()) if (!(await run(command))) failed++;
}
const lanes = Math.min(availableParallelism(), commands.length);
await Promise.all(Array.from({ length: lanes }, lane));
if (failed > 0) {
  console.error(`${failed} of ${commands.length} checks failed`);
  process.exit(1);
}
