import type { BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { PHONE, controlledAfterReload, expect, reviewStats, test as base } from './fixtures';

// Issue 36: the child's screen works offline through its own outbox. An answer with no network
// is kept with its answerId, the device says it is saved (only the server can mark it), and it
// reaches the server once when the network returns; the parent sees the grade once.

interface KidPhone {
  mei: string;
  set: string;
  /** The device pass's page, which signs the phone in as Mei. */
  passPath: string;
  phone: Page;
  phoneContext: BrowserContext;
}

/**
 * Mei with one practice ("Week 1") and a device pass, and a phone (a browser context of its
 * own, in Singapore) that has not opened the pass yet; closed after the test.
 */
const test = base.extend<{
  kidPhone: (words: string[], options?: BrowserContextOptions) => Promise<KidPhone>;
}>({
  kidPhone: async ({ page, family, browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (words, options) => {
      const mei = await family.addChild('Mei');
      const set = await family.addPractice(mei, { words, description: 'Week 1' });
      const made = await page.request.post(`/api/child/${mei}/device-passes`, { headers: family.headers });
      const { url } = (await made.json()) as { url: string };
      const phoneContext = await browser.newContext({
        ...PHONE,
        baseURL,
        timezoneId: 'Asia/Singapore',
        ...options,
      });
      contexts.push(phoneContext);
      return { mei, set, passPath: new URL(url).pathname, phone: await phoneContext.newPage(), phoneContext };
    });
    for (const context of contexts) await context.close();
  },
});

test('a phone answers a word offline, and the grade reaches the parent once when it is back online', async ({
  page,
  kidPhone,
  request,
  family,
}) => {
  const { mei, set, passPath, phone, phoneContext } = await kidPhone(['because', 'friend'], {
    viewport: { width: 390, height: 844 },
  });
  // Every answer the server took (an offline one never gets this far).
  const taken: string[] = [];
  phone.on('response', (r) => {
    if (r.url().includes('/api/kid/answers/') && r.ok()) taken.push(r.url());
  });
  await phone.goto(passPath);
  await phone.getByRole('button', { name: 'Week 1 (2 words)' }).click();
  const typed = phone.getByRole('textbox', { name: /Type the word/ });
  await expect(typed).toBeVisible();

  // Offline: Check keeps the answer instead of failing.
  await phoneContext.setOffline(true);
  await typed.fill('because');
  await phone.getByRole('button', { name: 'Check' }).click();
  await expect(phone.getByText("Saved — we'll check it when you're back online")).toBeVisible();
  await expect(phone.getByText(/Something went wrong/)).toHaveCount(0);
  await expect(phone.getByTestId('kid-expected')).toHaveCount(0);
  // No word is kept on the device: the next one waits for the network.
  await phone.getByRole('button', { name: 'Next word' }).click();
  await expect(phone.getByRole('heading', { name: "You're offline." })).toBeVisible();
  await expect(phone.getByText('Your answers are saved.')).toBeVisible();
  expect(taken).toHaveLength(0);

  // Back online: the kept answer is sent, then the child carries on with the next word.
  await phoneContext.setOffline(false);
  await expect(typed).toBeVisible();
  await expect.poll(() => taken.length).toBe(1);
  await typed.fill('friend');
  await phone.getByRole('button', { name: 'Check' }).click();
  await expect(phone.getByText('Right! Well done.')).toBeVisible();
  await phone.getByRole('textbox', { name: 'Copy the word once' }).fill('friend');
  await phone.getByRole('button', { name: 'Next word' }).click();
  await expect(phone.getByRole('heading', { name: 'All done for today!' })).toBeVisible();
  await expect.poll(() => taken.length).toBe(2);

  // The parent's Word List: the offline answer's grade, once, as Mei's own.
  const detail = await page.request.get(`/api/child/${mei}/word-sets/${set}`, { headers: family.headers });
  const words = (await detail.json()) as {
    words: Array<{ wordString: string; childGrade: { quality: number; answer: string; attempts: number } }>;
  };
  expect(words.words.map((w) => [w.wordString, w.childGrade])).toEqual([
    ['because', { quality: 1, answer: 'because', attempts: 1 }],
    ['friend', { quality: 1, answer: 'friend', attempts: 1 }],
  ]);
  expect((await reviewStats(request, family, mei)).today.wordsReviewedAllTime).toBe(2);
  await page.goto(`/practice/${mei}/${set}`);
  await page.getByRole('button', { name: 'Word List' }).click();
  const list = page.getByRole('dialog', { name: /Word List/ });
  await expect(list.getByTestId('child-grade')).toHaveCount(2);
  const line = list.getByRole('listitem').filter({ hasText: /^because/ });
  await expect(line.getByTestId('child-grade')).toHaveCount(1);
  await expect(line).toContainText('Mei, on their own: Easy (typed “because”, first try)');
  await phoneContext.close();
});

test('a pass withdrawn while an answer waits offline: the device asks for a parent and keeps nothing', async ({
  kidPhone,
  family,
  request,
}) => {
  const { mei, passPath, phone, phoneContext } = await kidPhone(['because']);
  await phone.goto(passPath);
  await phone.getByRole('button', { name: 'Week 1 (1 word)' }).click();
  // The word is on the screen (fetched online) before the network goes.
  await expect(phone.getByRole('textbox', { name: /Type the word/ })).toBeVisible();
  await phoneContext.setOffline(true);
  await phone.getByRole('textbox', { name: /Type the word/ }).fill('because');
  await phone.getByRole('button', { name: 'Check' }).click();
  await expect(phone.getByText("Saved — we'll check it when you're back online")).toBeVisible();
  const databases = () => phone.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(await databases()).toContain('spellwell-kid-outbox');

  // The parent withdraws the pass meanwhile.
  const listed = await request.get(`/api/child/${mei}/device-passes`, { headers: family.headers });
  const { passes } = (await listed.json()) as { passes: Array<{ id: string }> };
  const withdrawn = await request.delete(`/api/child/${mei}/device-passes/${passes[0]!.id}`, {
    headers: family.headers,
  });
  expect(withdrawn.ok()).toBe(true);

  await phone.getByRole('button', { name: 'Next word' }).click();
  await expect(phone.getByRole('heading', { name: "You're offline." })).toBeVisible();
  await phoneContext.setOffline(false);
  await expect(phone.getByRole('heading', { name: 'Ask a parent' })).toBeVisible();
  await expect.poll(databases).not.toContain('spellwell-kid-outbox');
  expect((await reviewStats(request, family, mei)).today.wordsReviewedAllTime).toBe(0);
  await phoneContext.close();
});

test('an answer the server took but whose reply was lost is sent again with its answerId and counted once', async ({
  page,
  kidPhone,
  family,
  request,
}) => {
  const { mei, set, passPath, phone, phoneContext } = await kidPhone(['because']);
  await phone.goto(passPath);
  await phone.getByRole('button', { name: 'Week 1 (1 word)' }).click();
  // The first answer reaches the server, but the connection drops before its reply arrives.
  const sent: string[] = [];
  let lose = true;
  await phone.route('**/api/kid/answers/**', async (route) => {
    sent.push((route.request().postDataJSON() as { answerId: string }).answerId);
    if (!lose) return route.continue();
    lose = false;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await phone.getByRole('textbox', { name: /Type the word/ }).fill('because');
  await phone.getByRole('button', { name: 'Check' }).click();
  await expect(phone.getByText("Saved — we'll check it when you're back online")).toBeVisible();

  await phone.getByRole('button', { name: 'Next word' }).click();
  await expect(phone.getByRole('heading', { name: 'All done for today!' })).toBeVisible();
  expect(sent).toHaveLength(2);
  expect(sent[1]).toBe(sent[0]);
  const detail = await page.request.get(`/api/child/${mei}/word-sets/${set}`, { headers: family.headers });
  const body = (await detail.json()) as { words: Array<{ childGrade: unknown }> };
  expect(body.words[0]!.childGrade).toEqual({ quality: 1, answer: 'because', attempts: 1 });
  expect((await reviewStats(request, family, mei)).today.wordsReviewedAllTime).toBe(1);
  await phoneContext.close();
});

test.describe('with the app installed (its service worker)', () => {
  test.use({ serviceWorkers: 'allow' });

  test('an answer kept offline outlives a reload, and is sent when the network returns', async ({
    page,
    kidPhone,
    family,
    request,
  }) => {
    const { mei, set, passPath, phone, phoneContext } = await kidPhone(['because'], {
      serviceWorkers: 'allow',
    });
    await phone.goto(passPath);
    await expect(phone.getByRole('heading', { name: 'Hi Mei!' })).toBeVisible();
    await controlledAfterReload(phone);
    await phone.getByRole('button', { name: 'Week 1 (1 word)' }).click();
    await expect(phone.getByRole('textbox', { name: /Type the word/ })).toBeVisible();
    await phoneContext.setOffline(true);
    await phone.getByRole('textbox', { name: /Type the word/ }).fill('because');
    await phone.getByRole('button', { name: 'Check' }).click();
    await expect(phone.getByText("Saved — we'll check it when you're back online")).toBeVisible();

    // The page is reloaded with no network: the app comes from the device, the answer still waits.
    await phone.reload();
    await expect(phone.getByRole('heading', { name: "You're offline." })).toBeVisible();
    await phoneContext.setOffline(false);
    await expect(phone.getByRole('button', { name: 'Week 1 (0 words)' })).toBeDisabled();
    const detail = await page.request.get(`/api/child/${mei}/word-sets/${set}`, { headers: family.headers });
    const body = (await detail.json()) as { words: Array<{ childGrade: unknown }> };
    expect(body.words[0]!.childGrade).toEqual({ quality: 1, answer: 'because', attempts: 1 });
    expect((await reviewStats(request, family, mei)).today.wordsReviewedAllTime).toBe(1);
    await phoneContext.close();
  });
});
