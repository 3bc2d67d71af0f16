import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { FAKE_GOOGLE_URL } from './support/ports';

export { expect };

export interface Account {
  email: string;
  name: string;
  sub: string;
}

export function newAccount(prefix = 'parent'): Account {
  const id = randomUUID().slice(0, 8);
  return { email: `${prefix}-${id}@example.com`, name: `Parent ${id}`, sub: `sub-${id}` };
}

/** An ID token from the stand-in for Google, signed with the key the app trusts. */
export async function googleCredential(account: Account, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await fetch(`${FAKE_GOOGLE_URL}/sign`, {
    method: 'POST',
    body: JSON.stringify({ sub: account.sub, email: account.email, name: account.name, ...extra }),
  });
  const { credential } = (await res.json()) as { credential: string };
  return credential;
}

/**
 * Serves a stand-in for Google's sign-in script (https://accounts.google.com/gsi/client) that
 * renders a "Sign in with Google" button handing the page's callback a real signed credential.
 */
export async function stubGoogleScript(page: Page, account: Account, extraClaims: Record<string, unknown> = {}): Promise<void> {
  const credential = await googleCredential(account, extraClaims);
  const script = `
    (function () {
      var config = null;
      window.google = { accounts: { id: {
        initialize: function (c) { config = c; },
        renderButton: function (el) {
          var b = document.createElement('button');
          b.type = 'button';
          b.textContent = 'Sign in with Google';
          b.addEventListener('click', function () {
            config && config.callback({ credential: ${JSON.stringify(credential)}, select_by: 'btn' });
          });
          el.replaceChildren(b);
        },
        prompt: function () {}, cancel: function () {}, disableAutoSelect: function () {}
      } } };
    })();`;
  await page.route('https://accounts.google.com/gsi/client*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: script }),
  );
}

/** Signs in through the real Google button path (with the stand-in script). Returns the userId. */
export async function signInWithGoogle(page: Page, account: Account = newAccount()): Promise<string> {
  await stubGoogleScript(page, account);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.waitForURL(/\/dashboard\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop()!;
}

/**
 * Signs in without the UI (faster, for tests about other pages): the API call sets the refresh
 * cookie in the browser context; the access token goes into local storage as the app keeps it.
 */
export async function signInByApi(page: Page, account: Account = newAccount()): Promise<{ userId: string; accessToken: string }> {
  const credential = await googleCredential(account);
  const res = await page.request.post('/api/auth/google/login', { data: { credential } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { userId: string; accessToken: string };
  await page.addInitScript((token) => {
    if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', token);
  }, body.accessToken);
  return body;
}

/** Fails a test on any uncaught page error or Content-Security-Policy violation. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) errors.push(msg.text());
      });
      await use(errors);
      expect(errors, 'page errors and CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});
