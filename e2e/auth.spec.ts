import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, newAccount, signInByApi, signInWithGoogle, stubGoogleScript, test } from './fixtures';
import { DEMO_URL } from './support/ports';

const DASHBOARD_URL = /\/dashboard\/[0-9a-f-]{36}$/;
const LOGIN_TEXT = 'Please login first to access your dashboard.';

/** Holds every request to `pattern` until the returned function is called. */
async function hold(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('sign-in with Google', () => {
  test('the Google button signs in and opens the dashboard; a reload keeps the session', async ({ page }) => {
    const userId = await signInWithGoogle(page);
    await expect(page).toHaveURL(`/dashboard/${userId}`);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

    await page.reload();
    await expect(page).toHaveURL(`/dashboard/${userId}`);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('the same Google account signs in to the same parent twice', async ({ page, browser }) => {
    const account = newAccount();
    const first = await signInWithGoogle(page, account);
    const other = await browser.newPage();
    try {
      expect(await signInWithGoogle(other, account)).toBe(first);
    } finally {
      await other.close();
    }
  });

  test('an expired or forged access token is refreshed without the parent noticing', async ({ page }) => {
    const userId = await signInWithGoogle(page);
    await page.evaluate(() => localStorage.setItem('accessToken', 'not-a-valid-token'));
    const refreshed = page.waitForResponse((res) => res.url().endsWith('/api/auth/refresh-token'));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expect(page).toHaveURL(`/dashboard/${userId}`);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(token).toBeTruthy();
    expect(token).not.toBe('not-a-valid-token');
  });

  test('a Google sign-in the server refuses leaves the parent on the login page with a way to retry', async ({
    page,
  }) => {
    await stubGoogleScript(page, newAccount(), { email_verified: false });
    await page.goto('/login');
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/auth/google/login'));
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    expect((await answer).status()).toBe(401);
    await expect(page.getByText('Signing in did not work. Please try again.')).toBeVisible();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});

test.describe('logout', () => {
  test('shows "Logging Out" while pending, then loads the site root with a cache-busting query', async ({
    page,
  }) => {
    const userId = await signInWithGoogle(page);
    const release = await hold(page, '**/api/auth/logout');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Logging Out' })).toBeVisible();
    release();

    await page.waitForURL(/\/\?_=\d+$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);

    // The server ended the session too: the dashboard now asks to sign in.
    await page.goto(`/dashboard/${userId}`);
    await expect(page).toHaveURL('/login');
  });

  test('still clears the token and goes home when the logout call fails', async ({ page }) => {
    await signInWithGoogle(page);
    await page.route('**/api/auth/logout', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/\?_=\d+$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // The refresh cookie the failed call left behind does not sign the parent back in.
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});

test.describe('the access guard', () => {
  test("another parent's dashboard shows /unauthorised", async ({ page }) => {
    const userId = await signInWithGoogle(page);
    await page.goto(`/dashboard/${randomUUID()}`);
    await expect(page).toHaveURL('/unauthorised');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is not yours');
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(`/dashboard/${userId}`);
  });

  for (const path of ['/dashboard/x', '/practice/a/b', '/edit/a/b', '/add-words/a']) {
    test(`a signed-out visit to ${path} lands on /login`, async ({ page }) => {
      await stubGoogleScript(page, newAccount());
      await page.goto(path);
      await expect(page).toHaveURL('/login');
      await expect(page.getByText(LOGIN_TEXT)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    });
  }

  test('shows nothing while the sign-in state loads', async ({ page }) => {
    const { userId } = await signInByApi(page);
    const release = await hold(page, '**/api/auth/me');
    await page.goto(`/dashboard/${userId}`);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('#main')).toBeEmpty();
    await expect(page).toHaveURL(`/dashboard/${userId}`);
    release();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.locator('#main')).not.toBeEmpty();
  });
});

test.describe('landing page', () => {
  test('shows a spinner while the sign-in state loads, then "Start Practicing Now" to a signed-in parent', async ({
    page,
  }) => {
    const { userId } = await signInByApi(page);
    const release = await hold(page, '**/api/auth/me');
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Checking your sign-in' })).toBeAttached();
    release();
    const start = page.getByRole('link', { name: 'Start Practicing Now' });
    await expect(start).toHaveAttribute('href', `/dashboard/${userId}`);
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
    await start.click();
    await expect(page).toHaveURL(`/dashboard/${userId}`);
  });

  test('a signed-in parent who opens /login goes to the dashboard', async ({ page }) => {
    const { userId } = await signInByApi(page);
    await page.goto('/login');
    await expect(page).toHaveURL(`/dashboard/${userId}`);
  });

  test('signs in from the landing page too', async ({ page }) => {
    await stubGoogleScript(page, newAccount());
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL(DASHBOARD_URL);
  });
});

test.describe('demo sign-in (server without a Google client id)', () => {
  test.use({ baseURL: DEMO_URL });

  test('offers "Continue with demo account" instead of Google, and it signs in', async ({ page }) => {
    let googleRequested = false;
    await page.route('https://accounts.google.com/**', (route) => {
      googleRequested = true;
      return route.abort();
    });
    await page.goto('/login');
    const demo = page.getByRole('button', { name: 'Continue with demo account' });
    await expect(demo).toBeVisible();
    await expect(page.getByText(/Demo mode/)).toBeVisible();
    await demo.click();
    await page.waitForURL(DASHBOARD_URL);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(googleRequested).toBe(false);
  });

  test('the landing page offers the demo account as well', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Continue with demo account' })).toBeVisible();
  });
});

test.describe('your data (PDPA)', () => {
  test('"Download my data" saves a JSON file of the account', async ({ page }) => {
    const account = newAccount();
    const userId = await signInWithGoogle(page, account);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^spellwell-export-\d{4}-\d{2}-\d{2}\.json$/);
    const path = await download.path();
    const data = JSON.parse(await readFile(path, 'utf8')) as { parent: { id: string; email: string } };
    expect(data.parent).toMatchObject({ id: userId, email: account.email });
  });

  test('"Delete my account" asks for DELETE, then removes the account and signs out', async ({ page }) => {
    const account = newAccount();
    const userId = await signInWithGoogle(page, account);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();

    await page.waitForURL(/\/\?_=\d+$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // The same Google account now starts afresh as a new parent.
    expect(await signInWithGoogle(page, account)).not.toBe(userId);
  });

  test('Cancel and Escape close the confirmation without deleting', async ({ page }) => {
    const userId = await signInWithGoogle(page);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page).toHaveURL(`/dashboard/${userId}`);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});
