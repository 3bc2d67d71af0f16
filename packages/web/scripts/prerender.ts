/**
 * After `vite build`: renders the landing page (src/prerender.tsx) with the production
 * build's own settings and writes dist/landing.html, which the server sends for `/`. Every
 * other page keeps dist/index.html, whose empty root the app fills in the browser: those
 * pages depend on who is signed in, so a prerendered guess would flash the wrong content.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The build's folder: dist, or another one given (the benchmarks build into a temporary one).
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const EMPTY_ROOT = '<div id="root"></div>';

const outDir = mkdtempSync(path.join(tmpdir(), 'spellwell-prerender-'));
try {
  await build({
    root,
    logLevel: 'warn',
    // Bundle every dependency: the bundle runs from a temporary folder, where no node_modules is.
    ssr: { noExternal: true },
    build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
  });
  const entry = readdirSync(outDir).find((name) => /^prerender\.m?js$/.test(name));
  if (!entry) throw new Error(`prerender: no bundle in ${outDir}`);
  const { renderLandingPage } = (await import(pathToFileURL(path.join(outDir, entry)).href)) as {
    renderLandingPage: () => string;
  };
  const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`prerender: dist/index.html has no ${EMPTY_ROOT}`);
  writeFileSync(
    path.join(dist, 'landing.html'),
    shell.replace(EMPTY_ROOT, `<div id="root">${renderLandingPage()}</div>`),
  );
  console.info('landing page prerendered into dist/landing.html');
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
