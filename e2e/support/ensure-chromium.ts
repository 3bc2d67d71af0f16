/**
 * Run before the browser tests: browser tests never download a browser of their own, so when no
 * Chromium is found this installs Debian's (as .ci/run used to) when it can, and otherwise stops
 * with one line saying what to install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium, INSTALL_HINT } from './chromium';

function install(): boolean {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) return false;
  console.info("test:e2e: no Chromium found; installing Debian's chromium");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
  } catch {
    return false;
  }
  return findChromium() !== undefined;
}

if (findChromium() === undefined && !install()) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
