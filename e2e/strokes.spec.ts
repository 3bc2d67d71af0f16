import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CDPSession, Page } from '@playwright/test';
import { expect, test, PHONE } from './fixtures';
import { APP_URL } from './support/ports';

/**
 * Issue 21: stroke order and the stroke quiz on a Chinese practice card. The character data
 * comes from our own server; the quiz is written with touch events along each stroke's median
 * from hanzi-writer-data, the same data the server sends.
 */
interface Median {
  medians: [number, number][][];
}
const require = createRequire(import.meta.url);
const medians = (char: string) =>
  (JSON.parse(readFileSync(require.resolve(`hanzi-writer-data/${char}.json`), 'utf8')) as Median).medians;

interface Box {
  left: number;
  top: number;
  size: number;
  padding: number;
}

async function strokeBox(page: Page): Promise<Box> {
  const target = page.getByTestId('stroke-box');
  // hanzi-writer's own <svg> is its coordinate space (it reads the svg's client rect).
  const rect = (await target.locator('svg').boundingBox())!;
  const padding = Number(await target.getAttribute('data-padding'));
  return { left: rect.x, top: rect.y, size: rect.width, padding };
}

/**
 * hanzi-writer-data's coordinates are 1024 units wide with the origin bottom-left and y up to
 * 900 (the em box runs from y = -124 to 900); the screen's y grows downwards. hanzi-writer fits
 * that square inside the box less its padding.
 */
function toScreen(box: Box, [x, y]: [number, number]) {
  const scale = (box.size - 2 * box.padding) / 1024;
  return { x: box.left + box.padding + x * scale, y: box.top + box.padding + (900 - y) * scale };
}

/** A finger drawing through the points: touchStart, touchMoves every few pixels, touchEnd. */
async function drawWithFinger(cdp: CDPSession, points: { x: number; y: number }[]) {
  const [first, ...rest] = points;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first!] });
  let from = first!;
  for (const to of rest) {
    const steps = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / 6));
    for (let i = 1; i <= steps; i++) {
      const point = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    }
    from = to;
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function writeCharacter(page: Page, cdp: CDPSession, char: string) {
  const box = await strokeBox(page);
  for (const median of medians(char)) {
    await drawWithFinger(
      cdp,
      median.map((point) => toScreen(box, point)),
    );
  }
}

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
