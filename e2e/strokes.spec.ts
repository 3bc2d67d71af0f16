import { expect, test, PHONE } from './fixtures';
import { APP_URL } from './support/ports';
import {
  drawWithFinger,
  medians,
  strokeBox,
  toScreen,
  writeCharacter,
  type Median,
} from './support/hanzi-touch';

/**
 * Issue 21: stroke order and the stroke quiz on a Chinese practice card. The character data
 * comes from our own server; the quiz is written with touch events along each stroke's median
 * from hanzi-writer-data, the same data the server sends.
 */
test.describe('stroke order and the stroke quiz', () => {
  test.use(PHONE);

  test('Strokes, after Show Word, animates each character with data from our own origin', async ({
    page,
    family,
  }) => {
    const child = await family.addChild('Arun');
    const set = await family.addPractice(child, {
      words: ['大人'],
      description: '听写 5',
      language: 'Chinese',
    });
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== new URL(APP_URL).origin) foreign.push(r.url());
    });
    await page.goto(`/practice/${child}/${set}`);
    await expect(page.getByRole('button', { name: 'Show Word' })).toBeVisible({ timeout: 30_000 });
    const strokes = page.getByRole('region', { name: 'Strokes' });
    // The word is hidden: its strokes are not offered yet (it is a dictation).
    await expect(strokes.getByRole('button', { name: 'Write it' })).toBeVisible();
    await expect(strokes.getByRole('button', { name: 'Strokes' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Show Word' }).click();

    const origin = new URL(APP_URL).origin;
    const data = (char: string) =>
      page.waitForResponse((r) => r.url() === `${origin}/api/hanzi/${encodeURIComponent(char)}.json`);
    const first = data('大');
    const second = data('人');
    await strokes.getByRole('button', { name: 'Strokes' }).click();
    const firstRes = await first;
    expect(firstRes.status()).toBe(200);
    expect(firstRes.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(((await firstRes.json()) as Median).medians).toEqual(medians('大'));
    await expect(strokes.getByRole('status')).toHaveText('Showing the strokes of character 1 of 2.');
    // The character is drawn stroke by stroke into the 田字格 box.
    await expect(page.getByTestId('stroke-box').locator('svg path').first()).toBeAttached();
    expect((await second).status()).toBe(200);
    await expect(strokes.getByRole('status')).toHaveText('Showing the strokes of character 2 of 2.');
    await expect(strokes.getByRole('status')).toHaveText('Stroke order shown.', { timeout: 20_000 });
    expect(foreign, 'requests that left our origin').toEqual([]);

    // Hiding the word hides its strokes.
    await page.getByRole('button', { name: 'Hide Word' }).click();
    await expect(page.getByTestId('stroke-box')).toBeHidden();
  });

  test('the child writes the word with a finger; the suggested grade is accepted and the server grades the word', async ({
    page,
    family,
  }) => {
    const child = await family.addChild('Arun');
    const set = await family.addPractice(child, {
      words: ['大人', '朋友'],
      description: '听写 6',
      language: 'Chinese',
    });
    const wordOf = async (name: string) => {
      const res = await page.request.get(`/api/child/${child}/word-sets/${set}`, { headers: family.headers });
      const words = ((await res.json()) as { words: WordState[] }).words;
      return words.find((w) => w.wordString === name)!;
    };
    await page.goto(`/practice/${child}/${set}`);
    await expect(page.getByRole('button', { name: 'Show Word' })).toBeVisible({ timeout: 30_000 });
    // The practice order is the server's: write whichever word is first.
    await page.getByRole('button', { name: 'Show Word' }).click();
    const word = (await page
      .getByRole('region', { name: 'Word' })
      .locator('[lang="zh-Hans"]')
      .textContent())!;
    await page.getByRole('button', { name: 'Hide Word' }).click();
    const chars = [...word];

    const strokes = page.getByRole('region', { name: 'Strokes' });
    const status = strokes.getByRole('status');
    const cdp = await page.context().newCDPSession(page);
    await strokes.getByRole('button', { name: 'Write it' }).click();
    await expect(status).toHaveText('Write character 1 of 2 in the box. 0 mistakes so far.');
    await expect(page.getByTestId('stroke-box')).toHaveAttribute(
      'aria-label',
      /draw each stroke with a finger/,
    );

    // One wrong stroke first: a short line in the box's bottom-right corner.
    const box = await strokeBox(page);
    await drawWithFinger(cdp, [toScreen(box, [900, -60]), toScreen(box, [1000, -100])]);
    await expect(status).toHaveText('Write character 1 of 2 in the box. 1 mistake so far.');
    await writeCharacter(page, cdp, chars[0]!);
    await expect(status).toHaveText('Write character 2 of 2 in the box. 1 mistake so far.');
    await writeCharacter(page, cdp, chars[1]!);

    await expect(status).toHaveText('Suggested grade: Medium (1 mistake).');
    const accept = strokes.getByRole('button', { name: 'Accept Medium' });
    await expect(accept).toBeVisible();
    // The usual grade buttons stay, to pick another grade instead.
    await expect(page.getByRole('group', { name: 'Grade the word' })).toBeVisible();
    const before = await wordOf(word);

    const graded = page.waitForResponse((r) => r.url().includes('/api/words/update/') && r.ok());
    await accept.click();
    const res = await graded;
    expect(res.request().postDataJSON()).toMatchObject({ quality: 2 });
    await expect(page.getByRole('status').filter({ hasText: `“${word}”:` })).toContainText('Medium');
    const updated = (await res.json()) as WordState;
    const after = await wordOf(word);
    expect(after).toMatchObject({
      easeFactor: updated.easeFactor,
      interval: updated.interval,
      nextReview: updated.nextReview,
    });
    expect(after.nextReview).not.toEqual(before.nextReview);
    // The next word starts with a fresh panel.
    await expect(strokes.getByRole('button', { name: 'Write it' })).toBeVisible();
  });

  test('Tamil and Malay practices have no Strokes and never load the stroke code', async ({
    page,
    family,
  }) => {
    const child = await family.addChild('Kavi');
    const tamil = await family.addPractice(child, {
      words: ['பள்ளி'],
      description: 'Tamil 1',
      language: 'Tamil',
    });
    const malay = await family.addPractice(child, {
      words: ['sekolah'],
      description: 'BM 1',
      language: 'Malay',
    });
    const strokeRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/hanzi\/|strokes-panel|hanzi-writer|index\.esm/.test(r.url())) strokeRequests.push(r.url());
    });
    for (const set of [tamil, malay]) {
      await page.goto(`/practice/${child}/${set}`);
      await page.getByRole('button', { name: 'Show Word' }).click();
      await expect(page.getByRole('button', { name: 'Hide Word' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Strokes' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Strokes' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Write it' })).toHaveCount(0);
    }
    expect(strokeRequests).toEqual([]);
  });
});

interface WordState {
  wordString: string;
  easeFactor: number;
  interval: number;
  nextReview: string | null;
}
