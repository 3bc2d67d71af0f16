import type { Page } from '@playwright/test';
import { PHONE, expect, grade, inDays, question, reviewStats, test } from './fixtures';

/**
 * Issue 23, offline practice: a practice started online carries on with no network; its grades
 * wait in the outbox (IndexedDB) and reach the server once each, filed under the day they were
 * made, when the network returns. Runs with the app's service worker, as a phone would.
 */
test.use({ ...PHONE, serviceWorkers: 'allow', quietSpeech: false });

const spoken = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/api/words/read?') && r.ok(), { timeout: 45_000 });

test('a practice finishes offline, and its grades reach the server once each, on the day they were made', async ({
  page,
  context,
  family,
  request,
}) => {
  test.setTimeout(120_000);
  const mei = await family.addChild('Mei');
  const week = await family.addPractice(mei, { words: ['apple', 'banana', 'cherry'] });
  // The parent practises late yesterday evening (the browser's clock), with no network.
  await page.clock.setFixedTime(new Date(`${inDays(-1)}T21:00:00+08:00`));
  const prefetched = spoken(page);
  await page.goto(`/practice/${mei}/${week}`);
  await expect(question(page, 1)).toBeVisible();
  await prefetched; // question 2's word, fetched while question 1 is on screen
  await grade(page, 'Easy').click();
  await expect(question(page, 2)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 grade synced' })).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
  // Play: the word fetched ahead is kept, so it plays with no network.
  await page.getByTestId('word-audio').evaluate((audio: HTMLAudioElement) => {
    audio.addEventListener('playing', () => audio.setAttribute('data-played', 'yes'));
  });
  await page.getByRole('button', { name: 'Play Word' }).click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="word-audio"]')?.getAttribute('data-played') === 'yes',
  );
  await expect(page.getByText('Failed to fetch audio')).toHaveCount(0);
  // Show and hide, the word list.
  await page.getByRole('button', { name: 'Show Word' }).click();
  await page.getByRole('button', { name: 'Hide Word' }).click();
  await page.getByRole('button', { name: 'Word List' }).click();
  const list = page.getByRole('dialog', { name: 'Word List (3 words)' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await list.getByRole('button', { name: 'Close' }).click();

  await grade(page, 'Medium').click();
  await expect(question(page, 3)).toBeVisible();
  await expect(page.getByText("1 grade will sync when you're back online.")).toBeVisible();
  await grade(page, 'Difficult').click();
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expect(page.getByText("2 grades will sync when you're back online.")).toBeVisible();
  // Nothing reached the server while offline.
  expect((await reviewStats(request, family, mei)).today.wordsReviewedAllTime).toBe(1);

  // Today, online again: the two grades go, each once, filed under yesterday.
  await page.clock.setFixedTime(new Date(`${inDays(0)}T08:00:00+08:00`));
  // Counted as the server answers (a send begun offline may hang, then be answered).
  const updates: string[] = [];
  page.on('response', (response) => {
    const r = response.request();
    if (r.url().includes('/api/words/update/')) updates.push(String(r.postDataJSON().gradedOn));
  });
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: '2 grades synced.' })).toBeVisible();
  expect(updates).toEqual([inDays(-1), inDays(-1)]);
  const after = await reviewStats(request, family, mei);
  expect(after.today).toMatchObject({ wordsReviewedToday: 0, wordsReviewedAllTime: 3 });
  expect(after.history.map((d) => d.wordsReviewed)).toEqual([0, 3, 0]);
});

test('a grade the server refuses when it is finally sent (word deleted meanwhile) is reported', async ({
  page,
  context,
  family,
  request,
}) => {
  const mei = await family.addChild('Mei');
  const week = await family.addPractice(mei, { words: ['river'] });
  await page.goto(`/practice/${mei}/${week}`);
  await expect(question(page, 1)).toBeVisible();
  await context.setOffline(true);
  await grade(page, 'Easy').click();
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expect(page.getByText("1 grade will sync when you're back online.")).toBeVisible();

  // Meanwhile, on another device, the word is replaced.
  const edited = await request.post(`/api/word-sets/${mei}/edit/${week}`, {
    headers: family.headers,
    data: { words: 'ocean' },
  });
  expect(edited.status(), await edited.text()).toBe(200);

  await context.setOffline(false);
  const refused = page.getByRole('alert').filter({ hasText: '1 grade could not be saved' });
  await expect(refused).toBeVisible();
  await expect(refused.getByRole('listitem')).toHaveText('river: Word not found');
  expect((await reviewStats(request, family, mei)).today.wordsReviewedAllTime).toBe(0);
  // The report is kept (IndexedDB) until the parent dismisses it, across a reload too.
  await page.reload();
  await expect(refused.getByRole('listitem')).toHaveText('river: Word not found');
  await refused.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refused).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Word not found')).toHaveCount(0);
});

test('grades left waiting by a closed tab are sent when the app opens again', async ({
  page,
  context,
  family,
  request,
}) => {
  const mei = await family.addChild('Mei');
  const week = await family.addPractice(mei, { words: ['cloud', 'storm'] });
  await page.goto(`/practice/${mei}/${week}`);
  await expect(question(page, 1)).toBeVisible();
  await context.setOffline(true);
  await grade(page, 'Easy').click();
  await expect(page.getByText("1 grade will sync when you're back online.")).toBeVisible();
  await page.close();

  const again = await context.newPage();
  await context.setOffline(false);
  await again.goto(family.dashboardHref(mei));
  await expect(again.getByRole('status').filter({ hasText: '1 grade synced.' })).toBeVisible();
  expect((await reviewStats(request, family, mei)).today.wordsReviewedAllTime).toBe(1);
});

test('a page with the outbox open lets go of it when another tab signs out, and opens it afresh', async ({
  page,
  context,
  family,
  request,
}) => {
  const mei = await family.addChild('Mei');
  const week = await family.addPractice(mei, { words: ['leaf', 'tree'] });
  await page.goto(`/practice/${mei}/${week}`);
  await expect(question(page, 1)).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)))
    .toContain('spellwell-outbox');
  // Another tab deletes the outbox, as sign-out does (lib/reload-signed-out.ts): the practice
  // page's open connection must not hold the delete back until that page is gone.
  const other = await context.newPage();
  await other.goto(family.dashboardHref(mei));
  const outcome = await other.evaluate(
    () =>
      new Promise<string>((done) => {
        const request = indexedDB.deleteDatabase('spellwell-outbox');
        request.onsuccess = () => done('deleted');
        request.onblocked = () => done('blocked');
        request.onerror = () => done('error');
      }),
  );
  expect(outcome).toBe('deleted');
  // The practice page goes on: its next grade opens the outbox afresh and reaches the server.
  await grade(page, 'Easy').click();
  await expect(question(page, 2)).toBeVisible();
  await expect.poll(async () => (await reviewStats(request, family, mei)).today.wordsReviewedAllTime).toBe(1);
});

test.describe('sign-out', () => {
  test('signing out clears the grades waiting offline and the caches', async ({
    page,
    context,
    family,
    request,
  }) => {
    const mei = await family.addChild('Mei');
    const week = await family.addPractice(mei, { words: ['leaf', 'tree'] });
    await page.goto(`/practice/${mei}/${week}`);
    await expect(question(page, 1)).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      // A cache of the app's own besides the shell, standing for anything kept for this parent.
      await (await caches.open('spellwell-parent')).put('/kept', new Response('mine'));
    });
    await context.setOffline(true);
    await grade(page, 'Easy').click();
    await expect(page.getByText("1 grade will sync when you're back online.")).toBeVisible();
    // Signing out with the grade still waiting: it goes with the parent, as does every cache
    // but the app shell. (Offline, the server's sign-out waits; the page still forgets.)
    // What the page kept for this parent (lib/kept-answers.ts) is there before...
    const parentCache = `spellwell-kept-${family.userId}`;
    await expect.poll(() => page.evaluate(() => caches.keys())).toContain(parentCache);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/\?_=/);
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)))
      .not.toContain('spellwell-outbox');
    const kept = await page.evaluate(() => caches.keys());
    expect(kept.filter((name) => !name.startsWith('workbox-precache'))).toEqual([]);
    expect(kept.some((name) => name.startsWith('workbox-precache'))).toBe(true);
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await reviewStats(request, family, mei)).today.wordsReviewedAllTime).toBe(0);
  });
});
