import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { BUDGETS, LANDING_MODULE, PAGES, initialAssets, readManifest, routeChunk } from '../bench/lib/bundle';

/**
 * Bundle budgets (issue 9), read from the production build that `npm test` makes before the
 * browser tests: what a first visit to a page downloads before it renders, gzipped.
 * Deterministic: file sizes, no timing.
 */
const dist = process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test.describe('bundle budgets', () => {
  test.beforeAll(() => {
    expect(existsSync(path.join(dist, 'index.html')), `no web build in ${dist}: run npm run build`).toBe(true);
  });

  test(`the landing page's initial JavaScript is under ${kb(BUDGETS.landingJs)} gzipped`, () => {
    const landing = initialAssets(dist, PAGES.landing);
    expect(landing.jsGzip, `landing page JS ${kb(landing.jsGzip)} gzipped in ${landing.js.join(', ')}`).toBeLessThan(
      BUDGETS.landingJs,
    );
  });

  test(`the practice page's initial JavaScript is under ${kb(BUDGETS.practiceJs)} gzipped`, () => {
    const practice = initialAssets(dist, PAGES.practice);
    expect(practice.jsGzip, `practice page JS ${kb(practice.jsGzip)} gzipped in ${practice.js.join(', ')}`).toBeLessThan(
      BUDGETS.practiceJs,
    );
  });

  test('the landing page is in the entry chunk, and the practice page in a chunk of its own', () => {
    const practiceChunk = routeChunk(dist, PAGES.practice!);
    expect(readManifest(dist)[LANDING_MODULE], 'the landing page must not wait for a chunk of its own').toBeUndefined();
    expect(initialAssets(dist, PAGES.landing).js).not.toContain(practiceChunk);
    expect(initialAssets(dist, PAGES.practice).js).toContain(practiceChunk);
  });
});
