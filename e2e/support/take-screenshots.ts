import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { PHONE, expect, test, type Family } from '../fixtures';

const out = (name: string) =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots', name);

/** A family as the screenshots show it: Mei (English) mid-way, Arun (Chinese 听写). */
async function family(f: Family) {
  const mei = await f.addChild('Mei');
  const arun = await f.addChild('Arun');
  const week3 = await f.addPractice(mei, {
    words: [
      'necessary',
      'rhythm',
      'separate',
      'government',
      'environment',
      'restaurant',
      'Wednesday',
      'library',
    ],
    description: 'Week 3 spelling',
    testInDays: 3,
  });
  await f.addPractice(mei, {
    words: ['island', 'volcano', 'harbour'],
    description: 'Geography',
    testInDays: 9,
  });
  await f.addPractice(arun, {
    words: ['春暖花开', '朋友', '学校', '老师'],
    description: '听写 2',
    language: 'Chinese',
    testInDays: 1,
  });
  return { mei, arun, week3 };
}

async function grade(page: Page, name: string) {
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/practice-session/') && r.request().method() !== 'GET',
  );
  await page.getByRole('button', { name, exact: true }).click();
  await saved;
}

test.describe('phone', () => {
  test.use(PHONE);
  test('dashboard, practice and finish on a phone', async ({ page, family: f }) => {
    const { mei, week3 } = await family(f);
    await page.goto(`/practice/${mei}/${week3}`);
    await grade(page, 'Easy');
    await grade(page, 'Medium');
    await page.getByRole('button', { name: 'Show Word' }).click();
    await page.screenshot({ path: out('practice-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'Back to dashboard' }).click();
    await expect(page.getByText('Stopped at 3 of 8')).toBeVisible();
    await page.screenshot({ path: out('dashboard-phone.png'), fullPage: true });
    await page.goto(`/practice/${mei}/${week3}`);
    // The finish as a parent sees it: counts, a Difficult and a skipped word, who is next.
    for (const move of ['Easy', 'Difficult', 'Easy', 'Skip Word', 'Medium', 'Easy']) await grade(page, move);
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: out('finish-phone.png'), fullPage: true });
  });
});

test('dashboard on a desktop', async ({ page, family: f }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { mei, week3 } = await family(f);
  // A few grades today, so the chart has a bar to show.
  await page.goto(`/practice/${mei}/${week3}`);
  for (const move of ['Easy', 'Medium', 'Easy']) await grade(page, move);
  await page.goto(f.dashboardHref(mei));
  await expect(page.getByText('Tonight:')).toBeVisible();
  await page.screenshot({ path: out('dashboard-desktop.png'), fullPage: true });
});
