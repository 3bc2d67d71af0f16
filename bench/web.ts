/**
 * Web: initial JS and CSS of the landing and practice pages (gzipped, from a production
 * build), the time from a grade to the next question in Chromium, and Lighthouse scores.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import type { BenchApp } from './lib/bench-app.js';
import { BUDGETS, LIGHTHOUSE_TARGETS, PAGES, chunkSizes, gzipSize, initialAssets } from './lib/bundle.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.js';
import { gradeToNextQuestion } from './lib/grade-timing.js';
import { runLighthouse, type LighthouseScores } from './lib/lighthouse.js';
import { fmt, isMain, table, type Section } from './lib/report.js';
import { startServer } from './lib/server-process.js';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web');
type AppInfo = Omit<BenchApp, 'app' | 'close'>;
const FRAME_MS = 16;

/** A production build into a temporary folder (never packages/web/dist, which others serve). */
function build(): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'spellwell-bench-web-'));
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const script of ['scripts/prerender.ts', 'scripts/kai-font.ts']) {
    execFileSync('npx', ['tsx', script, outDir], { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return outDir;
}

function bundleSection(dist: string, misses: string[]): string {
  const rows = (Object.keys(PAGES) as (keyof typeof PAGES)[]).map((page) => {
    const assets = initialAssets(dist, PAGES[page]);
    const budget = page === 'landing' ? BUDGETS.landingJs : BUDGETS.practiceJs;
    const ok = assets.jsGzip <= budget;
    if (!ok) misses.push(`${page} page JS ${fmt.kb(assets.jsGzip)} gzipped (budget ${fmt.kb(budget)})`);
    return [
      page,
      fmt.kb(assets.jsGzip),
      fmt.kb(assets.cssGzip),
      assets.js.length,
      `≤ ${fmt.kb(budget)}`,
      ok ? 'within' : '**over**',
    ];
  });
  const biggest = chunkSizes(dist)
    .slice(0, 8)
    .map((c) => [`\`${c.key}\``, fmt.kb(c.gzip)]);
  return [
    table(['page', 'initial JS (gzip)', 'initial CSS (gzip)', 'JS files', 'JS budget', ''], rows),
    '',
    'Biggest chunks (gzip):',
    '',
    table(['chunk (manifest key)', 'gzip'], biggest),
  ].join('\n');
}

/** What Chromium actually fetches for a first visit to the landing page. */
async function observedLanding(browser: Browser, url: string, dist: string): Promise<string> {
  const page = await browser.newPage();
  const files = new Set<string>();
  page.on('response', (res) => {
    const p = new URL(res.url()).pathname;
    if (/\.(js|css)$/.test(p)) files.add(p.slice(1));
  });
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  await page.close();
  const js = [...files].filter((f) => f.endsWith('.js'));
  const css = [...files].filter((f) => f.endsWith('.css'));
  const sum = (list: string[]) => list.reduce((t, f) => t + gzipSize(dist, f), 0);
  return `In Chromium, a first visit to \`/\` fetched ${js.length} JS files (${fmt.kb(sum(js))} gzipped) and ${css.length} CSS files (${fmt.kb(sum(css))} gzipped).`;
}

async function gradeTiming(browser: Browser, info: AppInfo, misses: string[]): Promise<string> {
  const child = info.children[0]!;
  const set = child.wordSets[0]!;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(
    (token) => localStorage.setItem('accessToken', token),
    info.headers.authorization!.slice(7),
  );
  try {
    await page.goto(`${info.url}/practice/${child.id}/${set.id}`);
    try {
      await page.getByRole('heading', { level: 1, name: 'Question 1' }).waitFor({ timeout: 15_000 });
    } catch {
      const text = (await page.locator('body').innerText()).slice(0, 160).replace(/\s+/g, ' ');
      misses.push('grade → next question: not measured (practice page did not show a question)');
      return `Grade → next question: **not measured**: the practice page did not show "Question 1" within 15 s (page said: "${text}").`;
    }
    const samples: { dom: number; frame: number }[] = [];
    for (let i = 0; i < 10; i++) {
      // Grade buttons wait for the previous grade's answer; the question itself does not.
      await page
        .getByRole('button', { name: 'Easy', exact: true })
        .and(page.locator(':enabled'))
        .waitFor({ timeout: 10_000 });
      samples.push(await gradeToNextQuestion(page));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const dom = samples.map((s) => s.dom);
    const frame = samples.map((s) => s.frame);
    if (median(dom) > FRAME_MS)
      misses.push(`grade → next question ${fmt.ms(median(dom))} (target < ${FRAME_MS} ms)`);
    return table(
      ['grade → next question (10 grades)', 'median', 'max', `target`],
      [
        [
          'press to DOM showing the next question',
          fmt.ms(median(dom)),
          fmt.ms(Math.max(...dom)),
          `< ${FRAME_MS} ms`,
        ],
        ['press to the next frame painted', fmt.ms(median(frame)), fmt.ms(Math.max(...frame)), '—'],
      ],
    );
  } finally {
    await context.close();
  }
}

const LIGHTHOUSE_RUNS = 3;

/** What Lighthouse measures: the landing page signed out, and the practice page signed in. */
interface LighthousePage {
  name: string;
  url: string;
  localStorage?: Record<string, string>;
  targets: { performance: number; accessibility: number };
}

function lighthousePages(info: AppInfo): LighthousePage[] {
  // Another set than the grading timing's, so the page opens at its first question.
  const child = info.children[0]!;
  const set = child.wordSets[1] ?? child.wordSets[0]!;
  return [
    { name: 'landing page', url: `${info.url}/`, targets: LIGHTHOUSE_TARGETS.landing },
    {
      name: 'practice page, signed in',
      url: `${info.url}/practice/${child.id}/${set.id}`,
      localStorage: { accessToken: info.headers.authorization!.slice(7) },
      targets: LIGHTHOUSE_TARGETS.practice,
    },
  ];
}

/** Lighthouse's scores move by a point or two between runs on a busy machine: the median of 3. */
async function lighthouseSection(page: LighthousePage, misses: string[]): Promise<string> {
  try {
    const runs: LighthouseScores[] = [];
    const retried: string[] = [];
    const run = () => runLighthouse(page.url, page.localStorage ? { localStorage: page.localStorage } : {});
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      // Lighthouse sometimes loses Chromium's trace on a busy machine (NO_NAVSTART): a run
      // that fails is made once more, and said so, rather than losing the whole section.
      runs.push(
        await run().catch(async (error: Error) => {
          retried.push(`run ${i + 1} was made again after: ${error.message}`);
          return run();
        }),
      );
    }
    const median = (key: 'performance' | 'accessibility') =>
      runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    for (const key of ['performance', 'accessibility'] as const) {
      if (median(key) < page.targets[key]) {
        misses.push(
          `Lighthouse ${page.name} ${key} ${median(key)} (median of ${runs.length}; target ≥ ${page.targets[key]})`,
        );
      }
    }
    const failedAudits = [
      ...new Set(runs.flatMap((r) => r.failedAudits.map((a) => a.replace(/ \(.*\)$/, '')))),
    ];
    return [
      table(
        [
          `Lighthouse (${page.name}, mobile, simulated throttling)`,
          `median of ${runs.length}`,
          'each run',
          'target',
        ],
        (['performance', 'accessibility'] as const).map((key) => [
          key,
          median(key),
          runs.map((r) => r[key]).join(', '),
          `≥ ${page.targets[key]}`,
        ]),
      ),
      '',
      ...runs.map(
        (r, i) =>
          `Run ${i + 1}: ${Object.entries(r.metrics)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}.`,
      ),
      failedAudits.length ? `Audits below 90 in some run: ${failedAudits.join(', ')}.` : 'No audit below 90.',
      ...retried.map((note) => `Note: ${note}`),
    ].join('\n');
  } catch (error) {
    misses.push(`Lighthouse ${page.name}: could not run`);
    return `Lighthouse (${page.name}): **could not run**: ${(error as Error).message}`;
  }
}

export async function runWebBench(): Promise<Section> {
  const misses: string[] = [];
  const dist = process.env.BENCH_WEB_DIST ?? build();
  const parts = [
    "Production build (`vite build`), sizes gzipped at zlib's default level as the server sends them. \"Initial\" = the entry chunk, the route's lazy chunk and every chunk they import statically, with their CSS (from Vite's manifest).",
    '',
  ];
  try {
    parts.push(bundleSection(dist, misses), '');
    const server = await startServer<AppInfo>('app.ts', { BENCH_WEB_DIST: dist });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      parts.push(await observedLanding(browser, server.info.url, dist), '');
      parts.push(await gradeTiming(browser, server.info, misses), '');
      for (const page of lighthousePages(server.info)) parts.push(await lighthouseSection(page, misses), '');
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    if (!process.env.BENCH_WEB_DIST) rmSync(dist, { recursive: true, force: true });
  }
  return { title: 'Web: bundle sizes, grading, Lighthouse', body: parts.join('\n'), misses };
}

if (isMain(import.meta.url)) {
  const section = await runWebBench();
  console.info(`## ${section.title}\n\n${section.body}\n`);
}
