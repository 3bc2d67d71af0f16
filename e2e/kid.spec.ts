import type { Page } from '@playwright/test';
import { PHONE, expect, test } from './fixtures';
import { writeCharacter } from './support/hanzi-touch';
import { readQr } from './support/qr';

// Issue 36: the child practises alone on a phone opened from the parent's QR code, and the
// parent sees the three grades and what the child typed.

// The try number in the label shows the last answer was marked before the next is typed.
async function answer(phone: Page, text: string, attempt = 1) {
  await phone.getByRole('textbox', { name: `Type the word (try ${attempt} of 3)` }).fill(text);
  await phone.getByRole('button', { name: 'Check' }).click();
}

async function copyAndGoOn(phone: Page, word: string) {
  await expect(phone.getByTestId('kid-expected')).toHaveText(word);
  const next = phone.getByRole('button', { name: 'Next word' });
  await expect(next).toBeDisabled();
  await phone.getByRole('textbox', { name: 'Copy the word once' }).fill(word);
  await next.click();
}

test('a phone opens the pass, practises three words, and the parent sees the grades and answers', async ({
  page,
  family,
  browser,
  baseURL,
}) => {
  const mei = await family.addChild('Mei');
  // Mei's pronoun, for "Mei, on her own" (without one the app says "their").
  const named = await page.request.patch(`/api/child/${mei}`, {
    data: { childName: 'Mei', pronoun: 'her' },
    headers: family.headers,
  });
  expect(named.status()).toBe(200);
  const set = await family.addPractice(mei, {
    words: ['because', 'friend', 'rhythm'],
    description: 'Week 1',
  });

  await page.goto(family.dashboardHref(mei));
  await expect(page.getByRole('button', { name: 'Let Mei practise on this device' })).toBeVisible();
  await page.getByRole('button', { name: 'Show a QR code for another device' }).click();
  const url = await readQr(page);
  expect(url).toMatch(/\/kid\/[A-Za-z0-9_-]{43}$/);

  const phoneContext = await browser.newContext({
    ...PHONE,
    viewport: { width: 390, height: 844 },
    baseURL,
    timezoneId: 'Asia/Singapore',
  });
  const phone = await phoneContext.newPage();
  await phone.goto(new URL(url!).pathname);
  await expect(phone.getByRole('heading', { name: 'Hi Mei!' })).toBeVisible();
  // The secret leaves the address bar; no parent navigation on the child's screen.
  await expect(phone).toHaveURL(/\/kid$/);
  await expect(phone.getByRole('link', { name: /dashboard/i })).toHaveCount(0);
  await phone.getByRole('button', { name: 'Week 1 (3 words)' }).click();

  // Play gives the word's sound, never its spelling.
  const sound = phone.waitForResponse((r) => r.url().includes('/api/kid/words/'));
  await phone.getByRole('button', { name: '▶ Play' }).click();
  expect((await sound).status()).toBe(200);
  await expect(phone.getByText('because')).toHaveCount(0);

  // 1: right the first time (case ignored).
  await answer(phone, 'Because');
  await expect(phone.getByText('Right! Well done.')).toBeVisible();
  await copyAndGoOn(phone, 'because');

  // 2: right on the second attempt; the first shows a missing letter without naming it.
  await answer(phone, 'frend');
  await expect(phone.getByText('Not quite. Try again!')).toBeVisible();
  await expect(phone.getByTestId('kid-marks').locator('[data-mark="missing"]')).toHaveCount(1);
  await expect(phone.getByTestId('kid-marks')).toHaveText('fr_end');
  await answer(phone, 'friend', 2);
  await copyAndGoOn(phone, 'friend');

  // 3: never right: the word is shown after the third attempt.
  await answer(phone, 'ritm');
  await answer(phone, 'rithm', 2);
  await answer(phone, 'rythm', 3);
  await expect(phone.getByText('Here is the word:')).toBeVisible();
  await copyAndGoOn(phone, 'rhythm');
  await expect(phone.getByRole('heading', { name: 'All done for today!' })).toBeVisible();

  // The parent's Word List: the three grades, marked as Mei's own, with what she typed.
  const detail = await page.request.get(`/api/child/${mei}/word-sets/${set}`, { headers: family.headers });
  const words = (await detail.json()) as {
    words: Array<{ wordString: string; childGrade: { quality: number; answer: string; attempts: number } }>;
  };
  expect(words.words.map((w) => [w.wordString, w.childGrade])).toEqual([
    ['because', { quality: 1, answer: 'Because', attempts: 1 }],
    ['friend', { quality: 2, answer: 'friend', attempts: 2 }],
    ['rhythm', { quality: 3, answer: 'rythm', attempts: 3 }],
  ]);
  await page.goto(`/practice/${mei}/${set}`);
  await page.getByRole('button', { name: 'Word List' }).click();
  const list = page.getByRole('dialog', { name: /Word List/ });
  const graded = list.getByTestId('child-grade');
  await expect(graded).toHaveCount(3);
  // The list is in practice order (shuffled): find each word's line.
  const line = (word: string) => list.getByRole('listitem').filter({ hasText: new RegExp(`^${word}`) });
  await expect(line('because')).toContainText('Mei, on her own: Easy (typed “Because”, first try)');
  await expect(line('friend')).toContainText('Mei, on her own: Medium (typed “friend”, second try)');
  await expect(line('rhythm')).toContainText('Mei, on her own: Difficult (typed “rythm”, three tries)');

  // The dashboard: tonight's card counts them, and today's figures list what she typed.
  await page.goto(family.dashboardHref(mei));
  await expect(page.getByTestId('tonight-on-own')).toHaveText('Mei, on her own today: 3 words done.');
  const own = page.getByRole('region', { name: 'Mei, on her own today' });
  await expect(own.getByRole('heading')).toHaveText('Mei, on her own today: 3 words');
  await expect(own.getByRole('listitem')).toHaveText(
    [
      'rhythm: Difficult (typed “rythm”, three tries)',
      'friend: Medium (typed “friend”, second try)',
      'because: Easy (typed “Because”, first try)',
    ],
    { useInnerText: true },
  );

  // The parent withdraws the pass: the phone's next request fails and it asks for a parent.
  const passes = page.getByRole('list', { name: "Mei's device passes" });
  await expect(passes.getByRole('listitem')).toHaveCount(1);
  await expect(passes).toContainText('A device signed in');
  await passes.getByRole('button', { name: 'Withdraw' }).click();
  await expect(passes).toHaveCount(0);
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'Ask a parent' })).toBeVisible();
  await phoneContext.close();
});

test('on a phone the child writes a Chinese word in the 田字格 from memory, graded by the suggestion rule', async ({
  page,
  family,
  browser,
  baseURL,
}) => {
  const mei = await family.addChild('Mei');
  const set = await family.addPractice(mei, { words: ['大人'], description: '听写 1', language: 'Chinese' });
  const pass = await page.request.post(`/api/child/${mei}/device-passes`, { headers: family.headers });
  const { url } = (await pass.json()) as { url: string };

  const phoneContext = await browser.newContext({
    ...PHONE,
    viewport: { width: 390, height: 844 },
    baseURL,
    timezoneId: 'Asia/Singapore',
  });
  const phone = await phoneContext.newPage();
  await phone.goto(new URL(url).pathname);
  await phone.getByRole('button', { name: '听写 1 (1 word)' }).click();
  const status = phone.getByRole('status');
  await expect(status).toHaveText('Write character 1 of 2.');
  // The word is not on the screen before it is written.
  await expect(phone.getByText('大人')).toHaveCount(0);
  const cdp = await phoneContext.newCDPSession(phone);
  await writeCharacter(phone, cdp, '大');
  await expect(status).toHaveText('Write character 2 of 2.');
  await writeCharacter(phone, cdp, '人');
  await expect(phone.getByText('Written! No mistakes.')).toBeVisible();
  await expect(phone.getByTestId('kid-expected')).toHaveText('大人');
  await phone.getByRole('button', { name: 'Next word' }).click();
  await expect(phone.getByRole('heading', { name: 'All done for today!' })).toBeVisible();

  const detail = await page.request.get(`/api/child/${mei}/word-sets/${set}`, { headers: family.headers });
  const body = (await detail.json()) as { words: Array<{ childGrade: unknown }> };
  expect(body.words[0]!.childGrade).toEqual({ quality: 1, answer: '大人', attempts: 1, mistakes: 0 });
  await phoneContext.close();
});
