import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess<Info> {
  info: Info;
  pid: number;
  /** Resident memory of the server process now, from /proc (Linux). */
  rssBytes(): number;
  /** Runs a full garbage collection in the server and returns its live JS heap in bytes. */
  heapAfterGc(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Runs a server from bench/servers in its own process, so the load generator and the server
 * do not share one event loop. The script prints one JSON line when it is listening.
 */
export async function startServer<Info>(script: string, env: Record<string, string> = {}): Promise<ServerProcess<Info>> {
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under load.
  const nodeArgs = (env.BENCH_NODE_ARGS ?? process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--expose-gc', '--import', 'tsx', path.join(benchDir, 'servers', script)], {
    cwd: benchDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const info = await firstLine<Info>(child, script);
  return {
    info,
    pid: child.pid!,
    rssBytes: () => rssOf(child.pid!),
    heapAfterGc: () =>
      new Promise<number>((resolve) => {
        child.once('message', (heapUsed) => resolve(Number(heapUsed)));
        child.send('gc');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

function firstLine<Info>(child: ChildProcess, script: string): Promise<Info> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 120 s`)), 120_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line) as Info);
      } catch {
        reject(new Error(`${script} printed ${line}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it listened`)));
  });
}

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb) * 1024;
}
