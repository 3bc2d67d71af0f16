import { expect, test } from './fixtures';

test.describe('layout', () => {
  test('the page is titled with the product name and the header links home', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page).toHaveTitle('SpellWell');
    await page.getByRole('banner').getByRole('link', { name: 'SpellWell' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the footer shows the 2025 copyright and links to the legal pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('© 2025 SpellWell');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
    // Each page is lazy-loaded: the URL changes before the page shows, and a click on the
    // footer while the page's code still loads can be lost (seen once in CI).
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL('/tos');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  });

  test('the column is 500px wide on a large screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const box = await page.getByRole('banner').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(500);
  });
});
