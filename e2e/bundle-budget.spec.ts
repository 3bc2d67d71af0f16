import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { BUDGETS, LANDING_MODULE, PAGES, initialAssets, readManifest, routeChunk } from '../bench/lib/bundle';

/**
 * Bundle budgets (issue 15), read from the production build that `npm test` makes before the
 * browser tests: what a first visit to a page downloads before it renders, gzipped.
 * Deterministic: file sizes, no timing.
 */
const dist =
  process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test.describe('bundle budgets', () => {
  test.beforeAll(() => {
    expect(existsSync(path.join(dist, 'index.html')), `no web build in ${dist}: run npm run build`).toBe(
      true,
    );
  });

  test(`the landing page's initial JavaScript is at most ${kb(BUDGETS.landingJs)} gzipped`, () => {
    const landing = initialAssets(dist, PAGES.landing);
    expect(
      landing.jsGzip,
      `landing page JS ${kb(landing.jsGzip)} gzipped in ${landing.js.join(', ')}`,
    ).toBeLessThanOrEqual(BUDGETS.landingJs);
  });

  test(`the practice page's initial JavaScript is at most ${kb(BUDGETS.practiceJs)} gzipped`, () => {
    const practice = initialAssets(dist, PAGES.practice);
    expect(
      practice.jsGzip,
      `practice page JS ${kb(practice.jsGzip)} gzipped in ${practice.js.join(', ')}`,
    ).toBeLessThanOrEqual(BUDGETS.practiceJs);
  });

  // The browser tests must run what ships (docs/decisions/007): the build is React's own renderer,
  // the version installed here, with nothing of Preact's (its mangled internals: a component's
  // hooks `__H`, a vnode's children `__k`, which no React build contains).
  test("the build renders with React's react-dom, and no Preact is in it", () => {
    const version = (createRequire(import.meta.url)('react-dom/package.json') as { version: string }).version;
    const entryFile = initialAssets(dist, PAGES.landing).js[0]!;
    const marker = `version:"${version}",rendererPackageName:"react-dom"`;
    // Asserted as booleans: a failure names the file, not a megabyte of minified code.
    expect(
      readFileSync(path.join(dist, entryFile), 'utf8').includes(marker),
      `${entryFile} holds ${marker}`,
    ).toBe(true);
    const assets = path.join(dist, 'assets');
    const withPreact = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .filter((name) => /preact|\.__H\b|\.__k\b/i.test(readFileSync(path.join(assets, name), 'utf8')));
    expect(withPreact, "chunks with Preact's internals").toEqual([]);
  });

  // Each file is a request (six at a time over HTTP/1.1) and a preload link the page inserts;
  // split into 22 files, the practice page lost Lighthouse points (docs/performance.md).
  test('the practice page loads in a handful of files (packages/web/scripts/page-chunk.ts)', () => {
    const practice = initialAssets(dist, PAGES.practice);
    expect(practice.js.length, practice.js.join(', ')).toBeLessThanOrEqual(4);
    expect(practice.css.length, practice.css.join(', ')).toBeLessThanOrEqual(3);
  });

  test('the landing page is in the entry chunk, and the practice page in a chunk of its own', () => {
    const practiceChunk = routeChunk(dist, PAGES.practice!);
    expect(
      readManifest(dist)[LANDING_MODULE],
      'the landing page must not wait for a chunk of its own',
    ).toBeUndefined();
    expect(initialAssets(dist, PAGES.landing).js).not.toContain(practiceChunk);
    expect(initialAssets(dist, PAGES.practice).js).toContain(practiceChunk);
  });
});
