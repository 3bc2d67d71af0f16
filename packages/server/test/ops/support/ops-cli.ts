import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run backup|restore -- <file>` as the operator would, minus npm's own start-up. */
export function runOps(script: 'backup' | 'restore', dataDir: string, file: string): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `packages/server/scripts/${script}.ts`, file],
      { cwd: root, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
