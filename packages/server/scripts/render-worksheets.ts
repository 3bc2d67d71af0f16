/**
 * Draws every worksheet page the tests read (WORKSHEETS in test/support/worksheet-images.ts) and
 * writes it under test/fixtures/worksheets, to be committed. Needs Noto fonts for every language
 * (Debian: fonts-noto-core fonts-noto-cjk); Pango would otherwise draw empty boxes silently.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { FONTS, renderPage } from '../test/support/worksheet-render.js';
import { pageFile, WORKSHEETS } from '../test/support/worksheet-images.js';

const installed = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
const missing = [...new Set(Object.values(FONTS))].filter((family) => !installed.includes(family));
if (missing.length > 0) {
  console.error(`Missing fonts: ${missing.join(', ')} (apt-get install -y fonts-noto-core fonts-noto-cjk)`);
  process.exit(1);
}

for (const sheet of WORKSHEETS) {
  const file = pageFile(sheet);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, await renderPage(sheet));
  console.info(relative(process.cwd(), file));
}
