import type { Page } from '@playwright/test';
import { GRADES, NEW_WORD_EASE, localDate, schedule, type Grade } from '@spellwell/shared';
import { PHONE, expect, inDays, test, type Family } from './fixtures';

// Issue 20, part 1: dictation as schools do it, on a phone.
test.use(PHONE);

interface ServerWord {
  id: string;
  wordString: string;
  easeFactor: number;
  interval: number;
  nextReview: string | null;
}

async function serverWords(page: Page, family: Family, childId: string, setId: string) {
  const res = await page.request.get(`/api/child/${childId}/word-sets/${setId}`, { headers: family.headers });
  return ((await res.json()) as { words: ServerWord[] }).words;
}

/** Counts the audio element's plays and the wake-lock requests, before the app loads. */
async function observePlayback(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { plays: number; wakeLocks: number };
    w.plays = 0;
    w.wakeLocks = 0;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      w.plays++;
      return play.call(this);
    };
    if ('wakeLock' in navigator) {
      const request = navigator.wakeLock.request.bind(navigator.wakeLock);
      navigator.wakeLock.request = (type) => {
        w.wakeLocks++;
        return request(type);
      };
    }
  });
}
const counter = (page: Page, name: 'plays' | 'wakeLocks') =>
  page.evaluate((n) => (window as unknown as Record<string, number>)[n] ?? 0, name);

const sheetRow = (page: Page, n: number, word: string) =>
  page.getByRole('group', { name: new RegExp(`^${n}\\. ${word}`) });

test.describe('dictation', () => {
  test.use({ quietSpeech: false });

  test('reads every due word twice with the chosen pause, then one sheet grades them all on the server', async ({
    page,
    family,
  }) => {
    test.setTimeout(150_000);
    const mei = await family.addChild('Mei');
    const setId = await family.addPractice(mei, { words: ['apple', 'banana', 'cherry'], testInDays: 30 });
    await observePlayback(page);
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/words/read')) reads.push(new URL(r.url()).searchParams.get('word') ?? '');
    });

    // The word-by-word practice stays the default; Dictation sits beside it.
    await page.goto(`/practice/${mei}/${setId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Question 1' })).toBeVisible();
    await page.getByRole('link', { name: 'Dictation' }).click();
    await expect(page).toHaveURL(`/dictation/${mei}/${setId}`);
    await expect(page.getByRole('heading', { name: 'Dictation' })).toBeVisible();
    await expect(page.getByText('3 words, each read twice.')).toBeVisible();

    // The pause is the child's setting, remembered on the server; 5 s until changed.
    const pause = page.getByRole('group', { name: 'Pause after each reading' });
    await expect(pause.getByRole('radio', { name: '5 s' })).toBeChecked();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/child/${mei}/dictation-settings`) && r.request().method() === 'PUT',
    );
    await pause.getByRole('radio', { name: '3 s' }).click();
    expect((await saved).status()).toBe(200);
    const setting = await page.request.get(`/api/child/${mei}/dictation-settings`, {
      headers: family.headers,
    });
    expect(await setting.json()).toEqual({ pauseSeconds: 3 });
    await page.reload();
    await expect(pause.getByRole('radio', { name: '3 s' })).toBeChecked();

    // Only the dictation's own requests (the practice page fetched its next word ahead).
    reads.length = 0;
    await page.getByRole('button', { name: 'Start' }).click();
    const number = page.getByRole('heading', { level: 1 });
    await expect(number).toHaveText('Word 1 of 3');
    for (const word of ['apple', 'banana', 'cherry']) await expect(page.getByText(word)).toHaveCount(0);
    await expect(page.getByTestId('dictation-status')).toHaveText(/Listen|Write the word/);
    await expect(number).toHaveText('Word 2 of 3', { timeout: 40_000 });
    await expect(page.getByText('banana')).toHaveCount(0);
    await expect(number).toHaveText('Word 3 of 3', { timeout: 40_000 });

    // After the last word's second reading and pause: the grading sheet.
    await expect(page.getByRole('heading', { name: 'Grade the sheet' })).toBeVisible({ timeout: 40_000 });
    // Each word fetched once, in practice order, and played twice; the screen kept awake.
    expect(reads).toHaveLength(3);
    expect(await counter(page, 'plays')).toBe(6);
    if (await page.evaluate(() => 'wakeLock' in navigator)) expect(await counter(page, 'wakeLocks')).toBe(1);

    const session = await page.request.get(`/api/practice-session/${mei}/${setId}`, {
      headers: family.headers,
    });
    const order = ((await session.json()) as { wordIds: string[] }).wordIds;
    const before = await serverWords(page, family, mei, setId);
    const inOrder = order.map((id) => before.find((w) => w.id === id)!.wordString);
    expect(reads).toEqual(inOrder);
    for (const [i, word] of inOrder.entries()) await expect(sheetRow(page, i + 1, word)).toBeVisible();

    // Two grades, then the parent leaves: both are kept.
    const choice: Record<string, Grade> = {
      [inOrder[0]!]: GRADES.easy,
      [inOrder[1]!]: GRADES.difficult,
      [inOrder[2]!]: GRADES.medium,
    };
    const label = { [GRADES.easy]: 'Easy', [GRADES.medium]: 'Medium', [GRADES.difficult]: 'Difficult' };
    for (const word of inOrder.slice(0, 2))
      await sheetRow(page, inOrder.indexOf(word) + 1, word)
        .getByRole('radio', { name: label[choice[word]!] })
        .click();
    await expect(page.getByText('2 of 3 graded')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Grade the sheet' })).toBeVisible();
    for (const word of inOrder.slice(0, 2))
      await expect(
        sheetRow(page, inOrder.indexOf(word) + 1, word).getByRole('radio', { name: label[choice[word]!] }),
      ).toBeChecked();

    // Save with a word ungraded: told, nothing sent.
    const updates: { word: string; key: string; quality: number }[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/api/words/update/')) return;
      const body = r.postDataJSON() as { quality: number; idempotencyKey: string };
      const id = r.url().split('/').pop()!;
      updates.push({
        word: before.find((w) => w.id === id)!.wordString,
        key: body.idempotencyKey,
        quality: body.quality,
      });
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toHaveText('Grade every word first: 1 word has no grade.');
    expect(updates).toEqual([]);

    await sheetRow(page, 3, inOrder[2]!).getByRole('radio', { name: label[choice[inOrder[2]!]!] }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Grades saved' })).toBeVisible();

    // Sent in list order, one idempotency key each; the server applied the rule's schedule.
    expect(updates.map((u) => [u.word, u.quality])).toEqual(inOrder.map((w) => [w, choice[w]]));
    expect(new Set(updates.map((u) => u.key)).size).toBe(3);
    const today = localDate('Asia/Singapore');
    const after = await serverWords(page, family, mei, setId);
    for (const word of inOrder) {
      const expected = schedule({
        easeFactor: NEW_WORD_EASE,
        interval: 0,
        grade: choice[word]!,
        today,
        testDate: inDays(30),
      });
      expect(after.find((w) => w.wordString === word)).toMatchObject({ ...expected });
    }
    const stats = await page.request.get(`/api/review/today/${mei}`, { headers: family.headers });
    expect(((await stats.json()) as { wordsReviewedToday: number }).wordsReviewedToday).toBe(3);

    // The sheet is done: the next visit starts a new dictation (nothing is due now: every word).
    await page.reload();
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    await expect(
      page.getByText('No words are due now, so the dictation has every word of the list.'),
    ).toBeVisible();
  });
});

test.describe('dictation from the keyboard alone', () => {
  test('Pause, Repeat and Next, then the sheet graded and saved with keys only', async ({ page, family }) => {
    const mei = await family.addChild('Mei');
    const setId = await family.addPractice(mei, { words: ['alpha', 'beta', 'gamma'] });
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/words/read')) reads.push(new URL(r.url()).searchParams.get('word') ?? '');
    });
    await page.goto(`/dictation/${mei}/${setId}`);
    const start = page.getByRole('button', { name: 'Start' });
    await start.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Word 1 of 3');
    // This test's speech is switched off (404): the dictation pauses and says so.
    await expect(page.getByRole('alert')).toHaveText('Failed to fetch audio');
    await expect(page.getByTestId('dictation-status')).toHaveText('Paused');
    expect(reads).toHaveLength(1);

    await page.getByRole('button', { name: 'Repeat' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => reads.length).toBe(2);
    expect(reads[1]).toBe(reads[0]);
    await expect(page.getByTestId('dictation-status')).toHaveText('Paused');
    await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();

    const next = page.getByRole('button', { name: 'Next' });
    for (const n of [2, 3]) {
      await next.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Word ${n} of 3`);
    }
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Grade the sheet' })).toBeVisible();

    // Tab into each row's radio group; Space chooses, arrows change the choice.
    const first = page.getByRole('radio').first();
    await first.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('3 of 3 graded')).toBeVisible();
    const rows = page.getByRole('listitem');
    await expect(rows.nth(0).getByRole('radio', { name: 'Easy' })).toBeChecked();
    await expect(rows.nth(1).getByRole('radio', { name: 'Medium' })).toBeChecked();
    await expect(rows.nth(2).getByRole('radio', { name: 'Difficult' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Save' })).toBeFocused();
    const saves = page.waitForResponse(
      (r) => r.url().includes('/api/review/') && r.request().method() === 'POST',
    );
    await page.keyboard.press('Enter');
    await saves;
    await expect(page.getByRole('heading', { name: 'Grades saved' })).toBeVisible();
    const words = await serverWords(page, family, mei, setId);
    expect(words.every((w) => w.nextReview !== null)).toBe(true);
  });
});

test.describe('dictation of a Chinese list', () => {
  test('says each word by its reading, the corrected one or the default, as Play does', async ({
    page,
    family,
  }) => {
    const mei = await family.addChild('Mei');
    const setId = await family.addPractice(mei, {
      words: ['银行 (yin2 xing2)', '朋友'],
      language: 'Chinese',
    });
    const reads: { word: string | null; reading: string | null }[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/api/words/read')) return;
      const query = new URL(r.url()).searchParams;
      reads.push({ word: query.get('word'), reading: query.get('reading') });
    });
    await page.goto(`/dictation/${mei}/${setId}`);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Word 1 of 2');
    // This test's speech is switched off (404), so the dictation pauses on the first word.
    await expect(page.getByTestId('dictation-status')).toHaveText('Paused');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Word 2 of 2');
    await expect.poll(() => reads.map((r) => r.word)).toEqual(['银行', '朋友']);
    expect(reads).toEqual([
      { word: '银行', reading: 'yin2 xing2' },
      { word: '朋友', reading: 'peng2 you3' },
    ]);
  });
});
