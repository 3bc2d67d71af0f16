import { existsSync } from 'node:fs';

/** Where a Chromium may be: CHROMIUM_PATH first, then Debian's and Chrome's usual places. */
export function chromiumCandidates(): string[] {
  return [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ].filter((path): path is string => Boolean(path));
}

export const findChromium = (): string | undefined => chromiumCandidates().find((path) => existsSync(path));

export const INSTALL_HINT =
  'Browser tests need Chromium: run `sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chrome or Chromium binary.';
