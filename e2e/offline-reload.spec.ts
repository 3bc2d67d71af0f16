import type { Page } from '@playwright/test';
import {
  PHONE,
  expect,
  grade,
  inDays,
  practices,
  question,
  reviewStats,
  test,
  type Family,
} from './fixtures';

/**
 * Issue 23, a page reloaded with no network: a practice started online carries on after a
 * reload offline (its words, session, position and fetched audio were kept for this parent,
 * lib/kept-answers.ts), its grades, position and completion wait in the outbox and reach the
 * server once each when the network returns; the dashboard shows what it had, marked as such.
 */
test.use({ ...PHONE, serviceWorkers: 'allow', quietSpeech: false });

/** How many answers of each kind the page keeps for its parent (Cache Storage, read from the page). */
const kept = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('spellwell-kept-')) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

/** One visit installs the app's service worker; the pages opened after it are its (the app shell offline). */
async function installed(page: Page, family: Family) {
  await page.goto(family.dashboardHref());
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test('a practice reloaded with no network carries on where it was, plays its kept audio, and syncs once', async ({
  page,
  context,
  family,
  request,
}) => {
  test.setTimeout(240_000);
  const mei = await family.addChild('Mei');
  const week = await family.addPractice(mei, { words: ['apple', 'banana', 'cherry', 'damson'] });
  // Late yesterday evening (the browser's clock): the offline grades belong to yesterday.
  await page.clock.setFixedTime(new Date(`${inDays(-1)}T21:00:00+08:00`));
  await installed(page, family);
  await page.goto(`/practice/${mei}/${week}`);
  await expect(question(page, 1)).toBeVisible();
  // Question 2's word is fetched ahead a moment after question 1 shows: grading sooner cancels
  // that (on a quiet machine the click comes first), and question 2 would have no kept audio.
  await expect
    .poll(async () => (await kept(page)).filter((p) => p === '/api/words/read').length, { timeout: 90_000 })
    .toBeGreaterThanOrEqual(1);
  await grade(page, 'Easy').click();
  await expect(question(page, 2)).toBeVisible();
  // Question 2's word and question 3's (fetched ahead) are kept, with the words and session.
  await expect
    .poll(async () => (await kept(page)).filter((p) => p === '/api/words/read').length, { timeout: 90_000 })
    .toBeGreaterThanOrEqual(2);
  const keptPaths = await kept(page);
  expect(keptPaths).toContain(`/api/child/${mei}/word-sets/${week}`);
  expect(keptPaths).toContain(`/api/practice-session/${mei}/${week}`);
  expect(keptPaths).toContain('/api/auth/me');

  await context.setOffline(true);
  await grade(page, 'Medium').click();
  await expect(question(page, 3)).toBeVisible();
  await expect(page.getByText("1 grade will sync when you're back online.")).toBeVisible();

  // The reload, still offline: the app shell from the service worker, the rest kept.
  await page.reload();
  await expect(question(page, 3)).toBeVisible();
  await expect(page.getByText("1 grade will sync when you're back online.")).toBeVisible();
  await page.getByTestId('word-audio').evaluate((audio: HTMLAudioElement) => {
    audio.addEventListener('playing', () => audio.setAttribute('data-played', 'yes'));
  });
  await page.getByRole('button', { name: 'Play Word' }).click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="word-audio"]')?.getAttribute('data-played') === 'yes',
  );
  await expect(page.getByText('Failed to fetch audio')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show Word' }).click();
  await expect(page.getByText('cherry', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Hide Word' }).click();
  await page.getByRole('button', { name: 'Word List' }).click();
  const list = page.getByRole('dialog', { name: 'Word List (4 words)' });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await list.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Skip Word' }).click();
  await expect(question(page, 4)).toBeVisible();
  await grade(page, 'Difficult').click();
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expect(page.getByText("2 grades will sync when you're back online.")).toBeVisible();
  expect((await reviewStats(request, family, mei)).today.wordsReviewedAllTime).toBe(1);

  // Today, online again: the outbox goes in order, each change once.
  await page.clock.setFixedTime(new Date(`${inDays(0)}T08:00:00+08:00`));
  // What reached the server, as its answers come back: a send the outbox began while offline
  // may hang rather than fail, and is answered once the network returns (CI saw this once).
  const sent: string[] = [];
  const completions: { completedOn?: string; idempotencyKey?: string; wordsReviewed?: number }[] = [];
  page.on('response', (response) => {
    const r = response.request();
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/') || r.method() === 'GET') return;
    sent.push(`${r.method()} ${url.pathname.split('/').slice(2, 4).join('/')}`);
    if (url.pathname.startsWith('/api/review/')) completions.push(r.postDataJSON());
  });
  await context.setOffline(false);
  // Six requests in order: on a loaded machine CI saw "Syncing 2 grades…" still showing at 10 s.
  await expect(page.getByRole('status').filter({ hasText: '2 grades synced.' })).toBeVisible({
    timeout: 60_000,
  });
  await expect
    .poll(() => sent)
    .toEqual([
      'POST words/update', // question 2, before the reload
      `PUT practice-session/${mei}`, // on to question 3
      `PUT practice-session/${mei}`, // question 3 skipped, after the reload
      'POST words/update', // question 4
      `DELETE practice-session/${mei}`, // the end
      `POST review/${mei}`,
    ]);
  expect(completions).toEqual([
    { wordsReviewed: 3, completedOn: inDays(-1), idempotencyKey: expect.any(String) },
  ]);
  const after = await reviewStats(request, family, mei);
  expect(after.today).toMatchObject({ wordsReviewedToday: 0, wordsReviewedAllTime: 3 });
  expect(after.history.map((d) => d.wordsReviewed)).toEqual([0, 3, 0]);
  // The session was finished: the server starts a fresh one.
  const session = await request.get(`/api/practice-session/${mei}/${week}`, { headers: family.headers });
  expect(((await session.json()) as { position: number }).position).toBe(0);
});

test('the dashboard opened offline shows what it had, marked as such, and adding a child needs a connection', async ({
  page,
  context,
  family,
}) => {
  const mei = await family.addChild('Mei');
  await family.addPractice(mei, { words: ['river'], description: 'Week 5' });
  await installed(page, family);
  await page.goto(family.dashboardHref(mei));
  await expect(practices(page, 'Mei').filter({ hasText: 'Week 5' })).toBeVisible();
  await expect.poll(async () => (await kept(page)).some((p) => p.startsWith('/api/word-sets'))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Mei', exact: true })).toBeVisible();
  await expect(practices(page, 'Mei').filter({ hasText: 'Week 5' })).toBeVisible();
  await expect(page.getByText(/Offline — showing what SpellWell had at \d/)).toBeVisible();
  await expect(
    page.getByText('Adding or changing children, practices and scans needs a connection.'),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Add Child', exact: true }).click();
  await page.getByLabel("Child's Name").fill('Lin');
  await page.getByRole('button', { name: 'Add Child', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'this needs a connection' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Lin', exact: true })).toHaveCount(0);

  // Back online: live data again, and the mark goes.
  await context.setOffline(false);
  await page.goto(family.dashboardHref(mei));
  await expect(practices(page, 'Mei').filter({ hasText: 'Week 5' })).toBeVisible();
  await expect(page.getByText(/showing what SpellWell had/)).toHaveCount(0);
});
