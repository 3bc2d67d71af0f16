/**
 * Run before the browser tests: the print tests read Chromium's PDFs back with poppler's
 * `pdftotext` and `pdfinfo`. When they are missing this installs Debian's poppler-utils (as
 * ensure-chromium.ts installs Chromium) when it can, and otherwise stops with one line saying
 * what to install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const POPPLER_HINT =
  "The print tests need poppler's pdftotext and pdfinfo: install Debian's poppler-utils (apt-get install poppler-utils).";

export function hasPoppler(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function install(): boolean {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  console.info("test:e2e: no pdftotext found; installing Debian's poppler-utils");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'poppler-utils'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
  } catch {
    return false;
  }
  return hasPoppler();
}

if (process.argv[1]?.endsWith('ensure-poppler.ts') && !hasPoppler() && !install()) {
  console.error(POPPLER_HINT);
  process.exit(1);
}
