import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.js';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  /** Metrics behind the performance score, for the report. */
  metrics: Record<string, string>;
  failedAudits: string[];
}

/**
 * Signs the fresh browser in the way the app does (the access token in localStorage) without
 * loading the app: the page visited is a small JSON route, so the HTTP cache stays empty of
 * scripts and the measured load is still a first visit.
 */
async function storeInOrigin(port: number, origin: string, entries: Record<string, string>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, entries);
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse's default run (mobile, simulated throttling) against a page on this machine,
 * driving Debian's Chromium through chrome-launcher. With `localStorage`, the page is measured
 * signed in: Lighthouse then keeps the origin's storage instead of clearing it first.
 */
export async function runLighthouse(
  url: string,
  options: { localStorage?: Record<string, string> } = {},
): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  try {
    if (options.localStorage) await storeInOrigin(chrome.port, new URL(url).origin, options.localStorage);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: Boolean(options.localStorage),
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    const metric = (id: string) => audits[id]?.displayValue ?? '—';
    const failedAudits = Object.values(audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual',
      )
      .map((a) => `${a.id} (${a.displayValue ?? Math.round((a.score ?? 0) * 100)})`);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      metrics: {
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
        SI: metric('speed-index'),
      },
      failedAudits,
    };
  } finally {
    chrome.kill();
  }
}
