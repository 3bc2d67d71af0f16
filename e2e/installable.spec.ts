import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PHONE, controlledAfterReload, expect, test } from './fixtures';

/**
 * Issue 23, installable: the manifest and its icons, the service worker that keeps the app
 * shell, and an update that waits to be asked for. The other specs block service workers
 * (playwright.config.ts); this one runs with them, on the production build.
 */
test.use({ ...PHONE, serviceWorkers: 'allow' });

/** The built worker the test server sends (bundle-budget.spec.ts reads the same build). */
const SW_FILE = path.join(
  process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/dist'),
  'sw.js',
);

/** Width and height from a PNG's header (IHDR), and that the file is whole. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  // A truncated file has no end chunk.
  expect(bytes.subarray(-8, -4).toString('latin1')).toBe('IEND');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the manifest has what installing needs, and its icons are served', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
    share_target: unknown;
  };
  expect(manifest).toMatchObject({
    name: 'SpellWell',
    short_name: 'SpellWell',
    start_url: '/dashboard',
    display: 'standalone',
    theme_color: '#2f5bd3',
  });
  // "Share to SpellWell": a photo from the gallery or camera is posted to the worker (share-target.spec.ts).
  expect(manifest.share_target).toEqual({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { files: [{ name: 'image', accept: ['image/*'] }] },
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await png.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
});

test('the landing page registers no service worker and loads no registration code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(scripts.filter((url) => /workbox|app-updates|pwa/i.test(url))).toEqual([]);
});

test('the signed-in app installs the worker; the app shell then opens with no network', async ({
  page,
  context,
  family,
  request,
}) => {
  // /dashboard (the installed app's start address) leads to the parent's own dashboard.
  await page.goto('/dashboard');
  await page.waitForURL(family.dashboardHref());
  await controlledAfterReload(page);
  // The worker and the manifest are never kept stale by the browser's HTTP cache, and the
  // worker is same-origin script the Content-Security-Policy allows (no violation: fixtures).
  const sw = await request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['content-security-policy']).toContain("default-src 'self'");
  expect((await request.get('/manifest.webmanifest')).headers()['cache-control']).toBe('no-cache');

  // Nothing of /api/ is in the worker's caches: answers of one parent are never kept there.
  // The page keeps its own copies (lib/kept-answers.ts), only in a cache named for this parent.
  const cached = await page.evaluate(async () => {
    const urls: { cache: string; path: string }[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys())
        urls.push({ cache: name, path: new URL(req.url).pathname });
    }
    return urls;
  });
  expect(cached.map((c) => c.path)).toContain('/index.html');
  const api = cached.filter((c) => c.path.startsWith('/api/'));
  expect(api.map((c) => c.path)).toContain('/api/auth/me');
  expect(new Set(api.map((c) => c.cache))).toEqual(new Set([`spellwell-kept-${family.userId}`]));

  await context.setOffline(true);
  await page.goto(family.dashboardHref());
  await expect(page.getByRole('link', { name: 'SpellWell' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  // A public page of the app draws from the kept shell too.
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Privacy/ })).toBeVisible();
  await context.setOffline(false);
});

test('a new version waits during a practice and is offered on the dashboard, reloading only when asked', async ({
  page,
  family,
}) => {
  const mei = await family.addChild('Mei');
  const week = await family.addPractice(mei, { words: ['apple', 'banana'] });
  await page.goto(family.dashboardHref(mei));
  await controlledAfterReload(page);
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  // A deploy: the worker script the server sends is now a different one (put back after).
  const shipped = readFileSync(SW_FILE, 'utf8');
  writeFileSync(SW_FILE, `${shipped}\n// next version\n`);
  try {
    await page.goto(`/practice/${mei}/${week}`);
    await expect(page.getByRole('button', { name: 'Easy' })).toBeVisible();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect
      .poll(() =>
        page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
      )
      .toBe(true);
    // Mid-practice: nothing offered, nothing reloaded, the same worker in charge.
    await page.getByRole('button', { name: 'Easy' }).click();
    await expect(page.getByText('A new version is ready')).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);

    await page.goto(family.dashboardHref(mei));
    const offer = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'Reload' }).click();
    await expect(offer).toHaveCount(0);
    await expect
      .poll(() =>
        page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
      )
      .toBe(false);
  } finally {
    writeFileSync(SW_FILE, shipped);
  }
});
