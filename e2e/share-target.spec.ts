import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { OcrResultSchema } from '@spellwell/shared';
import { PAGES, initialAssets } from '../bench/lib/bundle';
import {
  PHONE,
  controlledAfterReload,
  expect,
  newAccount,
  signInWithGoogle,
  stubGoogleScript,
  test,
} from './fixtures';

/**
 * Issue 23, "Share to SpellWell": a photo shared from the phone is posted to the manifest's
 * share target, the service worker keeps it and opens Add New Practice for the child last
 * used, which shows the photo and scans it when the parent says so (issue 41). The phone's
 * share sheet is stood in for by a real multipart form posted by the app's own page: a
 * navigation POST passes through the worker. Another site's form is refused (issue 41).
 */
test.use({ ...PHONE, serviceWorkers: 'allow' });

const here = path.dirname(fileURLToPath(import.meta.url));
const scans = path.resolve(here, '../packages/server/test/fixtures/scans');
// A flat, numbered English list: a quick, sure read (packages/server/test/fixtures/scans).
const FIXTURE = 'en-plain-flat.png';
const fixtureWords = (
  JSON.parse(readFileSync(path.join(scans, 'manifest.json'), 'utf8')) as { file: string; words: string[] }[]
).find((f) => f.file === FIXTURE)!.words;
const photo = readFileSync(path.join(scans, FIXTURE));

/** What the phone's share sheet sends: a multipart POST of the photo in the manifest's field. */
async function sharePhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const { action, field } = await page.evaluate(async () => {
    const manifest = (await (await fetch('/manifest.webmanifest')).json()) as {
      share_target: { action: string; params: { files: { name: string }[] } };
    };
    return { action: manifest.share_target.action, field: manifest.share_target.params.files[0]!.name };
  });
  await page.evaluate(
    ({ action, field }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = action;
      form.id = 'share-sheet';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = field;
      form.append(input);
      document.body.append(form);
    },
    { action, field },
  );
  await page.locator('#share-sheet input[type="file"]').setInputFiles(file);
  await page.evaluate(() => (document.getElementById('share-sheet') as HTMLFormElement).submit());
}

const waitingPhoto = (page: Page) =>
  page.evaluate(async () => {
    const kept = await (await caches.open('spellwell-share')).match('/share-target/photo');
    return kept ? kept.headers.get('content-type') : null;
  });

test('a shared photo goes through the service worker, is shown on the last child’s Add New Practice, and is scanned when the parent says so', async ({
  page,
  family,
}) => {
  // A cold OCR worker on a busy shared machine can take a while; this is a budget, not a check.
  test.setTimeout(150_000);
  await family.addChild('Mei');
  const arun = await family.addChild('Arun');
  await family.addPractice(arun, { words: ['apple', 'banana'], language: 'English' });
  // Arun's tab is the last one the parent opened on this device.
  await page.goto(family.dashboardHref(arun));
  await controlledAfterReload(page);
  await expect(page.getByRole('tab', { name: /Arun/, selected: true })).toBeVisible();

  const scansStarted: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/official-wordset/ocr')) scansStarted.push(r.url());
  });
  const ocr = page.waitForRequest((r) => r.url().endsWith('/api/official-wordset/ocr'), { timeout: 120_000 });
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/official-wordset/ocr'), {
    timeout: 120_000,
  });
  await sharePhoto(page, { name: FIXTURE, mimeType: 'image/png', buffer: photo });

  // The worker answered the POST (the server would have sent /share-target?error=not-ready),
  // and the flag that sent the page looking for the photo is gone from the address.
  await expect(page.getByRole('heading', { name: 'Add New Practice' })).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(new RegExp(`/add-words/${arun}$`));
  await expect(page.getByText('For Arun')).toBeVisible();
  // Arun's practices are in English: the language is chosen for the photo.
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('English');

  // The photo is shown, and nothing is read until the parent says so.
  const shared = page.getByRole('region', { name: 'The shared photo' });
  await expect(shared.getByRole('img', { name: 'The photo shared to SpellWell' })).toBeVisible();
  await expect(shared).toContainText('It will be scanned for English words.');
  const shown = await shared
    .getByRole('img')
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  expect(shown).toBe(true);
  expect(scansStarted).toEqual([]);
  await shared.getByRole('button', { name: 'Scan this photo' }).click();
  await expect(shared).toBeHidden();

  // The upload is the shared photo, byte for byte, with the signed-in parent and the language.
  const request = await ocr;
  const body = request.postDataBuffer();
  expect(body).not.toBeNull();
  expect(body!.includes(photo)).toBe(true);
  expect(body!.toString('latin1')).toContain(family.userId);
  const result = OcrResultSchema.parse(await (await answer).json());
  expect(result.text.split('\n')).toEqual(fixtureWords);

  // Then the usual review of what was read, and its words added.
  const review = page.getByRole('region', { name: 'Check the scanned words' });
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: `Add ${fixtureWords.length} words`, exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Words' })).toHaveValue(fixtureWords.join('\n'));

  // Taken once: nothing waits in storage, and a reload scans nothing again.
  expect(await waitingPhoto(page)).toBeNull();
  const again: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/official-wordset/ocr')) again.push(r.url());
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Add New Practice' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(again).toEqual([]);
  await expect(page.getByText('The shared photo')).toHaveCount(0);
});

test('the scanning state shows while the shared photo is read, and a share with no image says so', async ({
  page,
  family,
}) => {
  test.setTimeout(150_000);
  const mei = await family.addChild('Mei');
  await family.addPractice(mei, { words: ['apple'], language: 'English' });
  await page.goto(family.dashboardHref(mei));
  await controlledAfterReload(page);

  // Hold the server's answer (the page's own fetch, which the worker leaves to the network).
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/official-wordset/ocr', async (route) => {
    const response = await route.fetch();
    await gate;
    await route.fulfill({ response });
  });
  await sharePhoto(page, { name: 'sheet.png', mimeType: 'image/png', buffer: photo });
  // On a machine busy with other scans the page can take a while to draw.
  await expect(page.getByRole('heading', { name: 'Add New Practice' })).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(new RegExp(`/add-words/${mei}$`));
  // The language comes from the child's latest practice once their sets have loaded; a click
  // before that is asked for the language first.
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('English');
  await page
    .getByRole('region', { name: 'The shared photo' })
    .getByRole('button', { name: 'Scan this photo' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Scanning' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Words' })).toBeHidden();
  release();
  await expect(page.getByRole('region', { name: 'Check the scanned words' })).toBeVisible({
    timeout: 120_000,
  });
  await page.unroute('**/api/official-wordset/ocr');

  // Something that is not an image: nothing kept, and the page says what to share instead.
  await sharePhoto(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('apple') });
  await expect(page).toHaveURL(/\/share-target\?error=no-image$/);
  await expect(page.getByRole('heading', { name: 'No photo arrived' })).toBeVisible();
  expect(await waitingPhoto(page)).toBeNull();
});

test('Add New Practice opened for a shared photo that is no longer there says so, and scans nothing', async ({
  page,
  family,
}) => {
  const mei = await family.addChild('Mei');
  const scansMade: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/official-wordset/ocr')) scansMade.push(r.url());
  });
  await page.goto(`/add-words/${mei}?shared=1`);
  // On a machine busy with other scans the page can take a while to draw.
  await expect(page.getByRole('heading', { name: 'Add New Practice' })).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByRole('status').filter({ hasText: 'The shared photo could not be found' }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/add-words/${mei}$`));
  expect(scansMade).toEqual([]);
});

test('sign-out takes the waiting photo and the last child with it', async ({ page, family }) => {
  const mei = await family.addChild('Mei');
  await page.goto(family.dashboardHref(mei));
  await controlledAfterReload(page);
  // A photo shared and not yet picked up (the parent closed the app at once).
  await page.evaluate(async () => {
    const cache = await caches.open('spellwell-share');
    await cache.put('/share-target/photo', new Response(new Blob(['png'], { type: 'image/png' })));
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        Boolean(await (await caches.open('spellwell-share')).match('/share-target/last-child')),
      ),
    )
    .toBe(true);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/\?_=\d+$/);
  expect(await page.evaluate(async () => (await caches.keys()).includes('spellwell-share'))).toBe(false);
});

test('signed out, a shared photo waits through the sign-in, then the first child’s Add New Practice scans it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const account = newAccount();
  const userId = await signInWithGoogle(page, account);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.post(`/api/child/create/${userId}`, {
    data: { childName: 'Mei' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(201);
  await controlledAfterReload(page);
  // Sign-out forgets the last child and every kept answer; the worker (the app shell) stays.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/\?_=\d+$/);

  const ocr = page.waitForRequest((r) => r.url().endsWith('/api/official-wordset/ocr'), { timeout: 120_000 });
  await sharePhoto(page, { name: FIXTURE, mimeType: 'image/png', buffer: photo });
  await expect(page).toHaveURL(/\/login$/);
  await stubGoogleScript(page, account);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();

  // Mei has no practice yet: the photo waits for its language and the parent's word.
  await expect(page.getByRole('heading', { name: 'Add New Practice' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('For Mei')).toBeVisible();
  const shared = page.getByRole('region', { name: 'The shared photo' });
  await expect(shared).toContainText('Choose its language below, then scan it.');
  await page.getByLabel('Language', { exact: true }).selectOption('English');
  await shared.getByRole('button', { name: 'Scan this photo' }).click();
  expect((await ocr).postDataBuffer()!.includes(photo)).toBe(true);
  await expect(page.getByRole('region', { name: 'Check the scanned words' })).toBeVisible({
    timeout: 120_000,
  });
});

test('another site’s form posting a photo to the share target is refused: nothing kept, nothing scanned', async ({
  page,
  family,
}) => {
  const mei = await family.addChild('Mei');
  await family.addPractice(mei, { words: ['apple'], language: 'English' });
  await page.goto(family.dashboardHref(mei));
  await controlledAfterReload(page);
  const target = new URL('/share-target', page.url()).href;
  const scansMade: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/official-wordset/ocr')) scansMade.push(r.url());
  });

  // A page of another site with a form aimed at the share target, as a browser shows it: once
  // as it is (its address goes as the referrer), once hiding its address.
  for (const hidden of [false, true]) {
    const site = `http://attacker.test/${hidden ? 'hidden' : 'plain'}`;
    await page.route(site, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><head>${hidden ? '<meta name="referrer" content="no-referrer">' : ''}</head>
          <body><form id="f" method="post" enctype="multipart/form-data" action="${target}">
          <input type="file" name="image"></form></body></html>`,
      }),
    );
    await page.goto(site);
    await page
      .locator('#f input[type="file"]')
      .setInputFiles({ name: FIXTURE, mimeType: 'image/png', buffer: photo });
    await page.evaluate(() => (document.getElementById('f') as HTMLFormElement).submit());
    // The worker answered (the server alone would say not-ready), and sent the photo away.
    await expect(page).toHaveURL(/\/share-target\?error=not-shared$/);
    await expect(
      page.getByRole('heading', { name: 'Only photos shared from this device are taken' }),
    ).toBeVisible();
    expect(await waitingPhoto(page)).toBeNull();
  }

  // Add New Practice finds nothing to show, and nothing was read.
  await page.goto(`/add-words/${mei}?shared=1`);
  await expect(page.getByRole('heading', { name: 'Add New Practice' })).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByRole('status').filter({ hasText: 'The shared photo could not be found' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'The shared photo' })).toHaveCount(0);
  expect(scansMade).toEqual([]);
});

test.describe('before the service worker is installed', () => {
  test.use({ serviceWorkers: 'block' });

  test('a share reaches the server, which sends the parent to a page that says what to do', async ({
    page,
  }) => {
    await page.goto('/privacy');
    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/share-target') && r.request().method() === 'POST',
    );
    await sharePhoto(page, { name: FIXTURE, mimeType: 'image/png', buffer: photo });
    const res = await posted;
    expect(res.status()).toBe(303);
    expect(res.headers()['location']).toBe('/share-target?error=not-ready');
    await expect(page.getByRole('heading', { name: 'Open SpellWell once, then share again' })).toBeVisible();
    await page.getByRole('link', { name: 'Open SpellWell' }).click();
    // Signed out: the app asks for the sign-in first.
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('the share code is not in the landing or practice page’s initial JavaScript', () => {
  const dist = process.env.WEB_DIST ?? path.resolve(here, '../packages/web/dist');
  for (const name of ['landing', 'practice'] as const) {
    const { js } = initialAssets(dist, PAGES[name]);
    const withShare = js.filter((file) => {
      const code = readFileSync(path.join(dist, file), 'utf8');
      return code.includes('spellwell-share') || code.includes('The shared photo');
    });
    expect(withShare, `${name} page chunks with the share code`).toEqual([]);
  }
});
