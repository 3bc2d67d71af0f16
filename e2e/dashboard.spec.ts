import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInByApi, test } from './fixtures';

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const addChildButton = (page: Page) => page.getByRole('button', { name: 'Add Child', exact: true });

async function addChild(page: Page, name: string) {
  await tab(page, 'Add Child').click();
  await page.getByLabel("Child's Name").fill(name);
  await addChildButton(page).click();
  await expect(page.getByRole('button', { name: 'Child Added' })).toBeVisible();
  // The new child's tab appears without a reload and opens once the success has shown.
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
}

test.describe('dashboard', () => {
  test('a new parent adds two children with the exact labels and messages, and the tab survives a reload', async ({
    page,
  }) => {
    const { userId } = await signInByApi(page);
    await page.goto(`/dashboard/${userId}`);

    await expect(page.getByRole('heading', { name: 'Add your first child' })).toBeVisible();
    await expect(tab(page, 'Add Child')).toHaveAttribute('aria-selected', 'true');
    const name = page.getByLabel("Child's Name");
    await expect(name).toHaveAttribute('placeholder', "Enter child's name");

    await addChildButton(page).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await name.fill('Bartholomew Jones');
    await addChildButton(page).click();
    await expect(page.getByText('Name cannot exceed 15 characters')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(1);

    await name.fill('Mei');
    await addChildButton(page).click();
    await expect(page.getByRole('button', { name: 'Child Added' })).toBeVisible();
    await expect(tab(page, 'Mei')).toBeVisible();
    await expect(tab(page, 'Mei')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Mei')).toBeFocused();
    await expect(page.getByRole('link', { name: 'Add a practice for Mei' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Practice' })).toHaveAttribute(
      'href',
      /\/add-words\/[0-9a-f-]{36}$/,
    );

    // Today's figures of a child who has not practised yet, with their labels.
    const stats = page.getByRole('region', { name: 'Today' });
    for (const label of ['Words Today', 'All Time', 'Best Streak', 'Sets Completed']) {
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(stats.getByRole('img')).toHaveAccessibleName(
      'Words reviewed in the last 30 days: none yet.',
    );

    await addChild(page, 'Arun');
    await expect(page.getByRole('tab')).toHaveText(['Mei', 'Arun', 'Add Child']);

    // The selected child is in the URL, so a reload opens the same tab.
    await expect(page).toHaveURL(/\?child=[0-9a-f-]{36}$/);
    await page.reload();
    await expect(tab(page, 'Arun')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: 'Add a practice for Arun' })).toBeVisible();

    // Keyboard: one tab stop; arrows, Home and End move the selection.
    await tab(page, 'Arun').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, 'Mei')).toBeFocused();
    await expect(tab(page, 'Mei')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(tab(page, 'Add Child')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Add a child' })).toBeVisible();
    await page.keyboard.press('Home');
    await expect(tab(page, 'Mei')).toHaveAttribute('aria-selected', 'true');

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });

  test('the stats card shows a finished session of today', async ({ page }) => {
    const { userId, accessToken } = await signInByApi(page);
    const headers = { authorization: `Bearer ${accessToken}` };
    const child = await page.request.post(`/api/child/create/${userId}`, {
      data: { childName: 'Mei' },
      headers,
    });
    const { id: childId } = (await child.json()) as { id: string };
    expect(
      (await page.request.post(`/api/review/${childId}`, { data: { wordsReviewed: 0 }, headers })).status(),
    ).toBe(201);

    await page.goto(`/dashboard/${userId}`);
    const stats = page.getByRole('region', { name: 'Today' });
    await expect(
      stats.getByText('Sets Completed', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText('1');
    await expect(
      stats.getByText('Words Today', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText('0');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
});
