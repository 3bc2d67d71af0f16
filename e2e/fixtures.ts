import { randomUUID } from 'node:crypto';
import { addDaysIso, localDate, type Language } from '@spellwell/shared';
import { test as base, devices, expect, type APIRequestContext, type Page } from '@playwright/test';
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
export async function googleCredential(
  account: Account,
  extra: Record<string, unknown> = {},
): Promise<string> {
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
export async function stubGoogleScript(
  page: Page,
  account: Account,
  extraClaims: Record<string, unknown> = {},
): Promise<void> {
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
export async function signInByApi(
  page: Page,
  account: Account = newAccount(),
): Promise<{ userId: string; accessToken: string }> {
  const credential = await googleCredential(account);
  const res = await page.request.post('/api/auth/google/login', { data: { credential } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { userId: string; accessToken: string };
  // Once per tab and token: a page the app signs out of stays signed out. Putting the token back
  // on every new document signed in again the page a sign-out loads, which then opened the
  // outbox the sign-out had just deleted (offline-practice.spec.ts' sign-out test, failing one
  // run in two under load).
  await page.addInitScript((token) => {
    const mark = `e2e-signed-in-${token.slice(-12)}`;
    if (sessionStorage.getItem(mark)) return;
    sessionStorage.setItem(mark, 'yes');
    if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', token);
  }, body.accessToken);
  return body;
}

/** A phone in a parent's hand: `test.use(PHONE)` in a spec file or describe block. */
export const PHONE = {
  viewport: devices['Pixel 7'].viewport,
  userAgent: devices['Pixel 7'].userAgent,
  deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
};

/** The browser's day (playwright.config.ts pins its time zone), plus `days`. */
export const inDays = (days: number) => addDaysIso(localDate('Asia/Singapore'), days);

export interface PracticeInput {
  words: string[];
  description?: string;
  language?: Language;
  /** Days from today to the test; 60 unless told. */
  testInDays?: number;
}

/** A signed-in parent whose children and practices are made through the API. */
export interface Family {
  userId: string;
  accessToken: string;
  /** The bearer header for `page.request` calls of this parent. */
  headers: Record<string, string>;
  /** Adds a child; answers its id. */
  addChild(name: string): Promise<string>;
  /** Adds a practice for the child; answers its id. */
  addPractice(childId: string, practice: PracticeInput): Promise<string>;
  /** `/dashboard/{userId}`, on the child's tab when one is given. */
  dashboardHref(childId?: string): string;
}

interface Fixtures {
  pageErrors: string[];
  /** A parent signed in (by the API) in this page's browser context. */
  family: Family;
  /** Answers the page's audio requests 404 in the browser, so tests about other things do
   * not queue work on the shared server's speech pool. On unless a test turns it off. */
  quietSpeech: boolean;
}

export const test = base.extend<Fixtures>({
  /** Fails a test on any uncaught page error or Content-Security-Policy violation. */
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
  quietSpeech: [true, { option: true }],
  family: async ({ page, quietSpeech }, use) => {
    if (quietSpeech) {
      await page.route('**/api/words/read?*', (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: '{"error":"not_found","message":"Off in this test"}',
        }),
      );
    }
    const { userId, accessToken } = await signInByApi(page);
    const headers = { authorization: `Bearer ${accessToken}` };
    await use({
      userId,
      accessToken,
      headers,
      async addChild(name) {
        const res = await page.request.post(`/api/child/create/${userId}`, {
          data: { childName: name },
          headers,
        });
        expect(res.status(), await res.text()).toBe(201);
        return ((await res.json()) as { id: string }).id;
      },
      async addPractice(childId, { words, description = 'Week 3', language = 'English', testInDays = 60 }) {
        const res = await page.request.post(`/api/word-sets/create/${childId}`, {
          data: { testDate: inDays(testInDays), description, language, words: words.join('\n') },
          headers,
        });
        expect(res.status(), await res.text()).toBe(201);
        return ((await res.json()) as { id: string }).id;
      },
      dashboardHref: (childId) => `/dashboard/${userId}${childId ? `?child=${childId}` : ''}`,
    });
  },
});

/** A dashboard tab's practice cards for one child. */
export const practices = (page: Page, child: string) =>
  page.getByRole('list', { name: `Practices for ${child}` }).getByRole('listitem');

/** Mei (an English list) and Arun (a Chinese 听写), made through the API. */
export async function meiAndArun(family: Family) {
  const mei = await family.addChild('Mei');
  const arun = await family.addChild('Arun');
  const week3 = await family.addPractice(mei, {
    words: ['apple', 'banana', 'cherry'],
    description: 'Week 3',
  });
  const tingxie = await family.addPractice(arun, {
    words: ['春暖花开', '朋友'],
    description: '听写 2',
    language: 'Chinese',
    testInDays: 20,
  });
  return { mei, arun, week3, tingxie };
}

/** The practice card's heading for question n ("Question 3"). */
export const question = (page: Page, n: number) =>
  page.getByRole('heading', { level: 1, name: `Question ${n}` });

/** One of the practice card's grade buttons. */
export const grade = (page: Page, name: 'Easy' | 'Medium' | 'Difficult') =>
  page.getByRole('group', { name: 'Grade the word' }).getByRole('button', { name, exact: true });

/** A child's statistics as the dashboard reads them: today's counts and the last 3 days. */
export async function reviewStats(request: APIRequestContext, family: Family, childId: string) {
  const headers = { ...family.headers, 'x-time-zone': 'Asia/Singapore' };
  const today = await request.get(`/api/review/today/${childId}`, { headers });
  const history = await request.get(`/api/review/history/${childId}?days=3`, { headers });
  return {
    today: (await today.json()) as { wordsReviewedToday: number; wordsReviewedAllTime: number },
    history: ((await history.json()) as { days: { date: string; wordsReviewed: number }[] }).days,
  };
}

/** Waits until the app's service worker controls the page (installed on the first visit; claim is not used). */
export async function controlledAfterReload(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}
