// The checks before the tests (lint, typecheck, build), on every core at once.
// `node scripts/checks.mjs lint typecheck build` runs the commands of those groups in one pool,
// the longest first, prints each command's output whole when it ends, and fails when any
// failed. Each command is single-threaded (tsc, eslint, prettier) or nearly so (vite), so one
// after another they left a core of two idle. docs/decisions/026-test-layout.md.
import { availableParallelism } from 'node:os';
import { run } from './lib/run.mjs';

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

/** Runs one command, its output printed whole when it ends. */
async function check(command) {
  const { ok, signal, seconds, output } = await run(command, { quiet: true });
  console.info(`${ok ? 'ok  ' : 'FAIL'} ${command} (${seconds.toFixed(1)} s${signal ? `, ${signal}` : ''})`);
  if (output) console.info(output);
  return ok;
}

const queue = [...commands];
let failed = 0;
async function lane() {
  for (let command = queue.shift(); command; command = queue.shift()) if (!(await check(command))) failed++;
}
const lanes = Math.min(availableParallelism(), commands.length);
await Promise.all(Array.from({ length: lanes }, lane));
if (failed > 0) {
  console.error(`${failed} of ${commands.length} checks failed`);
  process.exit(1);
}
