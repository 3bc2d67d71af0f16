import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { PHONE, expect, meiAndArun, practices, test } from './fixtures';

// Issue 17 items 2 and 11, on a phone, in a family of two children.
test.use(PHONE);

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
/** The practice screen's header (a header inside main, so not a banner landmark). */
const header = (page: Page) => page.locator('main header');

async function gradeEasy(page: Page) {
  const saved = page.waitForResponse((r) => r.url().includes('/api/words/update/') && r.ok());
  await page.getByRole('button', { name: 'Easy', exact: true }).click();
  await saved;
}

test.describe('the right child, everywhere', () => {
  test('the practice names the child and the list with "n of count", and every way back opens that child', async ({
    page,
    family,
  }) => {
    const { mei, arun, tingxie } = await meiAndArun(family);
    const arunsTab = family.dashboardHref(arun);
    await page.goto(arunsTab);
    await expect(tab(page, 'Arun')).toHaveAttribute('aria-selected', 'true');

    // Into Arun's practice: the header says whose it is and which list.
    await practices(page, 'Arun').first().getByRole('link').first().click();
    await expect(page).toHaveURL(`/practice/${arun}/${tingxie}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Question 1' })).toBeVisible();
    await expect(header(page)).toContainText('Arun · 听写 2');
    await expect(header(page)).toContainText('1 of 2');
    await gradeEasy(page);
    await expect(header(page)).toContainText('2 of 2');

    // The back arrow: Arun's tab, with the list just practised marked.
    await page.getByRole('button', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?child=${arun}&set=${tingxie}$`));
    await expect(tab(page, 'Arun')).toHaveAttribute('aria-selected', 'true');
    await expect(practices(page, 'Arun').first()).toContainText('Last opened');

    // "Back to Dashboard" after the last word: Arun again, not the first child.
    await page.goto(`/practice/${arun}/${tingxie}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Question 2' })).toBeVisible();
    await gradeEasy(page);
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(tab(page, 'Arun')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();

    // Add Practice's close, and the Edit page's close.
    await page.getByRole('link', { name: 'Add Practice' }).click();
    await expect(page).toHaveURL(`/add-words/${arun}`);
    await expect(page.getByText('For Arun')).toBeVisible();
    await page.getByRole('link', { name: 'Close' }).click();
    await expect(tab(page, 'Arun')).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('link', { name: 'Edit words for 听写 2' }).click();
    await page.getByRole('link', { name: 'Close' }).click();
    await expect(tab(page, 'Arun')).toHaveAttribute('aria-selected', 'true');

    // Mei's practice names Mei.
    await tab(page, 'Mei').click();
    await practices(page, 'Mei').first().getByRole('link').first().click();
    await expect(header(page)).toContainText('Mei · Week 3');
    await expect(header(page)).toContainText('1 of 3');
    await page.getByRole('button', { name: 'Back to dashboard' }).click();
    await expect(tab(page, 'Mei')).toHaveAttribute('aria-selected', 'true');
    expect(page.url()).toContain(`child=${mei}`);
  });
});

test.describe('where the specification is exact', () => {
  test('a signed-out visitor reaches only /, /login, /privacy and /tos; every other page goes to /login', async ({
    page,
  }) => {
    const id = randomUUID();
    for (const path of [
      '/unauthorised',
      '/no-such-page',
      `/dashboard/${id}`,
      `/practice/${id}/${id}`,
      `/edit/${id}/${id}`,
      `/add-words/${id}`,
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/login');
      await expect(page.getByText('Please login first to access your dashboard.')).toBeVisible();
    }
    for (const path of ['/', '/privacy', '/tos']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page, path).toHaveURL(path);
    }
  });

  test('an unknown child or practice in a URL says "not found" and gives the way back', async ({
    page,
    family,
  }) => {
    const { mei, week3 } = await meiAndArun(family);
    const unknown = randomUUID();

    for (const path of [
      `/practice/${mei}/${unknown}`,
      `/practice/${unknown}/${week3}`,
      '/practice/not-an-id/nor-this',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Practice not found' }), path).toBeVisible();
      await expect(page.getByText('This practice does not exist or has been deleted.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\//);

    await page.goto(`/edit/${mei}/${unknown}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Practice not found' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Words' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(tab(page, 'Mei')).toHaveAttribute('aria-selected', 'true');

    await page.goto(`/add-words/${unknown}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Child not found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Practice' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(family.dashboardHref());

    await page.goto(family.dashboardHref(unknown));
    await expect(page.getByRole('status').filter({ hasText: 'Child not found' })).toContainText(
      'The child in this link is not on your account: they may have been removed. Showing Mei.',
    );
  });
});
