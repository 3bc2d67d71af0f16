/**
 * Run before the browser tests, which never download a browser of their own: when Chromium or
 * poppler (the print tests read PDFs back with it) is missing, this installs Debian's packages
 * in one apt-get run when it can (root with apt-get, as on a new machine of this image), and
 * otherwise stops with one line per missing tool saying what to install. `npm test` starts it
 * in the background before the checks, so the download overlaps them (scripts/test.mjs).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium, INSTALL_HINT } from './chromium';
import { hasPoppler, POPPLER_HINT } from './poppler';

const TOOLS = [
  { found: () => findChromium() !== undefined, debianPackage: 'chromium', hint: INSTALL_HINT },
  { found: hasPoppler, debianPackage: 'poppler-utils', hint: POPPLER_HINT },
];

function aptInstall(packages: string[]): void {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return;
  console.info(`browser tests: installing Debian's ${packages.join(' and ')}`);
  // Another apt-get (a package manager run by hand, say) may hold the lock: wait for it.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  try {
    execFileSync('apt-get', [...lock, 'update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', [...lock, 'install', '-y', '-qq', ...packages], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
  } catch {
    // Reported below as the tools still missing.
  }
}

const missing = TOOLS.filter((tool) => !tool.found());
if (missing.length > 0) aptInstall(missing.map((tool) => tool.debianPackage));
const stillMissing = missing.filter((tool) => !tool.found());
for (const tool of stillMissing) console.error(tool.hint);
if (stillMissing.length > 0) process.exit(1);
