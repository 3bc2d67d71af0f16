import type { Page } from '@playwright/test';
import { expect, PHONE, test, type Family } from './fixtures';
import { fakeMicrophone } from './support/fake-microphone';

/*
 * Issue 22 in a real Chromium with a fake microphone (support/fake-microphone.ts): record,
 * hear back, keep; Play Word then plays the recording; "Record all"; the speaking settings.
 */

async function setUp(family: Family, words: string[]) {
  const childId = await family.addChild('Mei');
  const wordSetId = await family.addPractice(childId, { words, description: 'Weather' });
  return {
    childId,
    wordSetId,
    edit: `/edit/${childId}/${wordSetId}`,
    practice: `/practice/${childId}/${wordSetId}`,
  };
}

async function wordsOf(page: Page, family: Family, childId: string, wordSetId: string) {
  const res = await page.request.get(`/api/child/${childId}/word-sets/${wordSetId}`, {
    headers: family.headers,
  });
  return ((await res.json()) as { words: { wordString: string; hasRecording: boolean }[] }).words;
}

/** Record for a moment, then stop: the fake microphone says "rainbow" on a loop. */
async function recordTake(page: Page, recordButton: string) {
  await page.getByRole('button', { name: recordButton }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recording… say the word' })).toBeVisible();
  await page.waitForTimeout(1200);
  await page.getByRole('button', { name: 'Stop' }).click();
}

test.use({ launchOptions: fakeMicrophone(true) });

test.describe('with a microphone (fake: a WAV of a spoken word)', () => {
  test('record a word in Edit Words, hear it back, keep it; Play Word then plays the recording', async ({
    page,
    family,
  }) => {
    const { childId, wordSetId, edit, practice } = await setUp(family, ['rainbow']);
    await page.goto(edit);
    await expect(page.getByRole('heading', { name: 'Your voice' })).toBeVisible();
    await recordTake(page, 'Record rainbow');
    const take = page.getByLabel('Your recording of rainbow');
    await expect(take).toBeVisible();
    // The take plays back in the page: a real, decodable recording with a length.
    const seconds = await take.evaluate(async (audio: HTMLAudioElement) => {
      await audio.play();
      await new Promise((resolve) => audio.addEventListener('ended', resolve, { once: true }));
      return audio.currentTime;
    });
    expect(seconds).toBeGreaterThan(0.5);
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/words/recording/') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Keep' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { contentType: string }).contentType).toBe('audio/webm');
    // The word's badge (the section's heading says "Your voice" too).
    await expect(
      page.getByRole('listitem').filter({ hasText: 'rainbow' }).getByText('Your voice', { exact: true }),
    ).toBeVisible();
    expect(await wordsOf(page, family, childId, wordSetId)).toEqual([
      expect.objectContaining({ wordString: 'rainbow', hasRecording: true }),
    ]);

    // Practice: Play Word fetches the parent's recording, never the synthesised word.
    const audioRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/words\/(read|recording)/.test(request.url()))
        audioRequests.push(new URL(request.url()).pathname);
    });
    await page.goto(practice);
    await expect(page.getByRole('heading', { name: 'Question 1' })).toBeVisible();
    await page.getByTestId('word-audio').evaluate((audio: HTMLAudioElement) => {
      audio.addEventListener('playing', () => audio.setAttribute('data-played', 'yes'));
    });
    await page.getByRole('button', { name: 'Play Word' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="word-audio"]')?.getAttribute('data-played') === 'yes',
    );
    expect(audioRequests.length).toBeGreaterThan(0);
    expect(audioRequests.every((p) => p.startsWith('/api/words/recording/'))).toBe(true);
    await expect(page.getByRole('alert')).toHaveCount(0);

    // The Word List marks the words in the parent's voice.
    await page.getByRole('button', { name: 'Word List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Word List (1 words)' });
    await expect(dialog.getByRole('listitem').filter({ hasText: 'rainbow' })).toContainText('Your voice');
  });

  test.describe('on a phone', () => {
    test.use(PHONE);

    test('record a word from the Word List during a practice (phone): its badge appears and Play Word fetches the recording', async ({
      page,
      family,
    }) => {
      const { childId, wordSetId, practice } = await setUp(family, ['rainbow']);
      const audioRequests: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/words\/(read|recording)/.test(request.url()))
          audioRequests.push(`${request.method()} ${new URL(request.url()).pathname}`);
      });
      await page.goto(practice);
      await expect(page.getByRole('heading', { name: 'Question 1' })).toBeVisible();

      // By keyboard: the Word List, then the word's "Record", which opens the recorder.
      await page.getByRole('button', { name: 'Word List' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Word List (1 words)' });
      const item = dialog.getByRole('listitem').filter({ hasText: 'rainbow' });
      await expect(item).not.toContainText('Your voice');
      const toggle = item.getByRole('button', { name: 'Record rainbow' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.focus();
      await page.keyboard.press('Enter');
      const close = item.getByRole('button', { name: 'Close the recorder for rainbow' });
      await expect(close).toHaveAttribute('aria-expanded', 'true');
      const recorder = item.getByRole('group', { name: 'Your voice for rainbow' });
      await expect(recorder).toBeVisible();

      // Record, hear it back, redo, record again, keep.
      await recordTake(page, 'Record rainbow');
      await expect(recorder.getByLabel('Your recording of rainbow')).toBeVisible();
      await recorder.getByRole('button', { name: 'Redo' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Recording… say the word' })).toBeVisible();
      await page.waitForTimeout(1200);
      await page.getByRole('button', { name: 'Stop' }).click();
      const saved = page.waitForResponse(
        (r) => r.url().includes('/api/words/recording/') && r.request().method() === 'PUT',
      );
      await recorder.getByRole('button', { name: 'Keep' }).click();
      expect((await saved).status()).toBe(200);

      // Kept: the recorder closes, the badge appears, and the set says so.
      await expect(item).toContainText('Your voice');
      await expect(item.getByRole('button', { name: 'Redo the recording of rainbow' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      expect(await wordsOf(page, family, childId, wordSetId)).toEqual([
        expect.objectContaining({ wordString: 'rainbow', hasRecording: true }),
      ]);
      // The dialog fits the phone: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.viewport.width,
      );

      // Back in the practice, Play Word now fetches the parent's recording.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      audioRequests.length = 0;
      await page.getByTestId('word-audio').evaluate((audio: HTMLAudioElement) => {
        audio.addEventListener('playing', () => audio.setAttribute('data-played', 'yes'));
      });
      const fetched = page.waitForRequest(
        (r) => r.url().includes(`/api/words/recording/${childId}/`) && r.method() === 'GET',
      );
      await page.getByRole('button', { name: 'Play Word' }).click();
      await fetched;
      await page.waitForFunction(
        () => document.querySelector('[data-testid="word-audio"]')?.getAttribute('data-played') === 'yes',
      );
      expect(audioRequests.length).toBeGreaterThan(0);
      expect(audioRequests.every((r) => r.startsWith('GET /api/words/recording/'))).toBe(true);
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  });

  test('"Record all" steps through three words: shown, recorded, kept, next', async ({ page, family }) => {
    const { childId, wordSetId, edit } = await setUp(family, ['cloud', 'thunder', 'breeze']);
    await page.goto(edit);
    await page.getByRole('button', { name: 'Record all' }).click();
    for (const [i, word] of ['cloud', 'thunder', 'breeze'].entries()) {
      await expect(page.getByText(`Word ${i + 1} of 3`)).toBeVisible();
      await expect(page.getByTestId('record-all-word')).toHaveText(word);
      await recordTake(page, `Record ${word}`);
      await page.getByRole('button', { name: i < 2 ? 'Keep and next' : 'Keep and finish' }).click();
    }
    await expect(page.getByRole('status').filter({ hasText: 'All 3 words are recorded.' })).toBeVisible();
    expect((await wordsOf(page, family, childId, wordSetId)).map((w) => w.hasRecording)).toEqual([
      true,
      true,
      true,
    ]);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('3 of 3 recorded.')).toBeVisible();
  });
});

test.describe('speaking settings', () => {
  test.use({ quietSpeech: false });

  test('"Speak slowly" and "Say each word twice" change what Play Word asks for, and the slow audio differs', async ({
    page,
    family,
  }) => {
    const { practice } = await setUp(family, ['butterfly']);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/words/read?')) reads.push(new URL(request.url()).search);
    });
    await page.goto(practice);
    await expect(page.getByRole('heading', { name: 'Question 1' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Speak slowly' }).check();
    await page.getByRole('checkbox', { name: 'Say each word twice' }).check();
    const audio = page.getByTestId('word-audio');
    await audio.evaluate((element: HTMLAudioElement) => {
      let plays = 0;
      element.addEventListener('playing', () => element.setAttribute('data-plays', String(++plays)));
    });
    await page.getByRole('button', { name: 'Play Word' }).click();
    await expect(page.getByRole('button', { name: 'Play Word' })).toBeEnabled({ timeout: 30_000 });
    expect(reads).toContain('?word=butterfly&language=English&speed=slow');
    // Said twice: the same audio starts a second time after a short pause.
    await expect(audio).toHaveAttribute('data-plays', '2', { timeout: 15_000 });

    // The choice is the child's: it is still on after a reload.
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Speak slowly' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Say each word twice' })).toBeChecked();

    const normal = await page.request.get('/api/words/read?word=butterfly&language=English', {
      headers: family.headers,
    });
    const slow = await page.request.get('/api/words/read?word=butterfly&language=English&speed=slow', {
      headers: family.headers,
    });
    expect(normal.headers().etag).not.toBe(slow.headers().etag);
    expect((await slow.body()).length).toBeGreaterThan((await normal.body()).length);
  });
});
