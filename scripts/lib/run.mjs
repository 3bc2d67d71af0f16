// Running the repository's own commands from the scripts in scripts/ (`npm test`, the checks).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The repository's own tools first, as under `npm run`, so `node scripts/…` works too. */
const env = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
};

/**
 * Runs a command through the shell at the repository's root. `quiet` keeps its output (both
 * streams, in order) until it ends, for the caller to print whole; otherwise it goes straight
 * to the terminal.
 */
export function run(command, { quiet = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const stdio = quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(command, { shell: true, cwd: root, env, stdio });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) =>
      resolve({
        ok: code === 0,
        signal,
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(output).toString().trimEnd(),
      }),
    );
  });
}
