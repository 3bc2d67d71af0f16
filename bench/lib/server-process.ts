import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import {
  SCAN_PROCESS_ENTRY,
  serverBuildOptions,
  SYNTH_WORKER_ENTRY,
} from '../../packages/server/scripts/esbuild-options.js';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess<Info> {
  info: Info;
  pid: number;
  /** Resident memory of the server process now, from /proc (Linux). */
  rssBytes(): number;
  /** Runs a full garbage collection in the server and returns its live JS heap in bytes. */
  heapAfterGc(): Promise<number>;
  /** Asks a server script that answers `{ id, ask }` messages with `{ id, value }` or `{ id, error }`. */
  ask<T>(ask: string): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Compiles a bench/servers script as the production server is compiled (with its speech
 * thread and scan process beside it) and returns the module to run with plain node. Under tsx the loader's own
 * thread and transpiler add ~35 MB, which would be counted as the app's memory.
 */
async function compile(script: string): Promise<string> {
  const name = path.basename(script, '.ts');
  const outdir = path.join(benchDir, '.build', name);
  await build(
    serverBuildOptions(
      {
        [name]: path.join(benchDir, 'servers', script),
        'synth-worker': SYNTH_WORKER_ENTRY,
        'scan-process': SCAN_PROCESS_ENTRY,
      },
      outdir,
    ),
  );
  return path.join(outdir, `${name}.mjs`);
}

/**
 * Runs a server from bench/servers in its own process, so the load generator and the server
 * do not share one event loop. The script prints one JSON line when it is listening.
 * `compiled` runs it as production runs the server (see compile), instead of under tsx.
 */
export async function startServer<Info>(
  script: string,
  env: Record<string, string> = {},
  options: {
    compiled?: boolean;
    /** Another checkout's bench folder (compare-api.ts). */ benchDir?: string;
    /** Node's flags for the server, e.g. `productionNodeArgs()`. */ nodeArgs?: readonly string[];
  } = {},
): Promise<ServerProcess<Info>> {
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under load.
  const nodeArgs = [
    ...(options.nodeArgs ?? []),
    ...(env.BENCH_NODE_ARGS ?? process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const dir = options.benchDir ?? benchDir;
  const entry = options.compiled
    ? [await compile(script)]
    : ['--import', 'tsx', path.join(dir, 'servers', script)];
  const child = spawn(process.execPath, [...nodeArgs, '--expose-gc', ...entry], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const info = await firstLine<Info>(child, script);
  let asked = 0;
  return {
    info,
    pid: child.pid!,
    rssBytes: () => rssOf(child.pid!),
    heapAfterGc: () =>
      new Promise<number>((resolve) => {
        child.once('message', (heapUsed) => resolve(Number(heapUsed)));
        child.send('gc');
      }),
    ask: <T>(ask: string) =>
      new Promise<T>((resolve, reject) => {
        const id = ++asked;
        const listener = (message: { id?: number; value?: T; error?: string }) => {
          if (message?.id !== id) return;
          child.off('message', listener);
          if (message.error) reject(new Error(`${script}: ${message.error}`));
          else resolve(message.value as T);
        };
        child.on('message', listener);
        child.send({ id, ask });
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
    // Seeding waits for the sets' background speech: minutes when other work shares the cores.
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 600 s`)), 600_000);
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

/**
 * The C allocator's settings the server is started with (`MALLOC_ARENA_MAX=2
 * MALLOC_MMAP_THRESHOLD_=131072`, docs/ocr.md), read from packages/server's `start` script,
 * for a server process that should use memory as production does.
 */
export function productionAllocatorEnv(): Record<string, string> {
  const settings = [...startScript().matchAll(/\b(MALLOC_[A-Z_]+)=(\S+)/g)];
  if (settings.length === 0) throw new Error('packages/server start script sets no MALLOC_ variable');
  return Object.fromEntries(settings.map(([, name, value]) => [name!, value!]));
}

/**
 * Node's flags in packages/server's `start` script (`--enable-source-maps`, the young
 * generation's size), for a server process that should use memory as production does.
 */
export function productionNodeArgs(): string[] {
  const flags = /\bnode((?:\s+--\S+)*)\s/.exec(startScript())?.[1];
  if (flags === undefined) throw new Error('packages/server start script runs no node');
  return flags.split(/\s+/).filter(Boolean);
}

function startScript(): string {
  const manifest = JSON.parse(
    readFileSync(path.join(benchDir, '../packages/server/package.json'), 'utf8'),
  ) as { scripts: Record<string, string> };
  return manifest.scripts.start!;
}
