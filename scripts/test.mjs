// `npm test`: the checks (lint, typecheck, build) beside the unit and API tests, then the browser
// tests.
// A new machine has no Chromium or poppler: installing them is mostly waiting on Debian's mirror
// and dpkg, so it starts at once in the background and overlaps the checks and the unit tests
// instead of standing before the browser tests. Its output is printed when the browser tests
// need it. docs/decisions/026-test-layout.md.
import { run } from './lib/run.mjs';

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
if (tools.output) console.info(tools.output);
if (!tools.ok) process.exit(1);
await step('playwright test -c e2e/playwright.config.ts');
