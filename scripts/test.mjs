// `npm test`: the checks (lint, typecheck, build) beside the unit and API tests, then the browser
// tests.
// A new machine has no Chromium or poppler: installing them is mostly waiting on Debian's mirror
// and dpkg, so it starts at once in the background and overlaps the checks and the unit tests
// instead of standing before the browser tests. Its output is printed when the browser tests
// need it. docs/decisions/026-test-layout.md.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
};

/** Runs a command through the shell; `quiet` keeps its output until it ends. */
function run(command, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const stdio = quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(command, { shell: true, cwd: root, env, stdio });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(output).toString() }));
  });
}

const browserTools = run('tsx e2e/support/ensure-browser-tools.ts', { quiet: true });

async function step(command) {
  console.info(`\n> ${command}`);
  const { ok } = await run(command);
  if (!ok) process.exit(1);
}

// No unit test reads what the build writes, and the checks leave a core idle for much of their
// time (one long command at the end): the unit tests start with them and fill it.
console.info('\n> node scripts/checks.mjs lint typecheck build & vitest run');
const [checks, unit] = await Promise.all([
  run('node scripts/checks.mjs lint typecheck build'),
  run('vitest run'),
]);
if (!checks.ok) console.error('npm test: a check failed (its output is above)');
if (!unit.ok) console.error('npm test: unit tests failed (above)');
if (!checks.ok || !unit.ok) process.exit(1);
const tools = await browserTools;
if (tools.output.trim()) console.info(tools.output.trimEnd());
if (!tools.ok) process.exit(1);
await step('playwright test -c e2e/playwright.config.ts');
