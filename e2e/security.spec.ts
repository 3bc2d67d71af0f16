import { addDaysIso, localDate } from '@spellwell/shared';
import { test as plainTest, type Page } from '@playwright/test';
import { DEMO_URL } from './support/ports';
import { expect, newAccount, signInByApi, stubGoogleScript, test } from './fixtures';

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** Records every CSP violation the page reports (the event, not only the console line). */
async function watchCsp(page: Page): Promise<string[]> {
  const console: string[] = [];
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) console.push(msg.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return console;
}

async function violations(page: Page, console: string[]): Promise<string[]> {
  const events = await page.evaluate(() => window.__cspViolations ?? []);
  return [...events, ...console];
}

/** A signed-in parent with a child and a word set, made through the API. */
async function family(page: Page) {
  const { userId, accessToken } = await signInByApi(page);
  const headers = { authorization: `Bearer ${accessToken}` };
  const child = await page.request.post(`/api/child/create/${userId}`, {
    data: { childName: 'Mei' },
    headers,
  });
  const childId = ((await child.json()) as { id: string }).id;
  const set = await page.request.post(`/api/word-sets/create/${childId}`, {
    data: {
      testDate: addDaysIso(localDate('Asia/Singapore'), 20),
      description: 'Week 1',
      language: 'English',
      words: 'apple\nbanana',
    },
    headers,
  });
  const wordSetId = ((await set.json()) as { id: string }).id;
  return { userId, childId, wordSetId };
}

test.describe('no Content-Security-Policy violation on any page', () => {
  for (const url of ['/', '/login', '/privacy', '/tos', '/unauthorised', '/no-such-page']) {
    test(`public page ${url}`, async ({ page }) => {
      await stubGoogleScript(page, newAccount());
      const console = await watchCsp(page);
      const res = await page.goto(url);
      expect(res?.headers()['content-security-policy']).toContain(
        "script-src 'self' https://accounts.google.com/gsi/",
      );
      await expect(page.locator('main, [role="main"]').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await violations(page, console)).toEqual([]);
    });
  }

  test('the demo server’s login page (demo sign-in button)', async ({ page }) => {
    const console = await watchCsp(page);
    await page.goto(`${DEMO_URL}/login`);
    await expect(page.getByRole('button', { name: /demo/i })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations(page, console)).toEqual([]);
  });

  test('signed-in pages: dashboard, add words, edit, practice', async ({ page }) => {
    const console = await watchCsp(page);
    const { userId, childId, wordSetId } = await family(page);
    for (const url of [
      `/dashboard/${userId}`,
      `/add-words/${childId}`,
      `/edit/${childId}/${wordSetId}`,
      `/practice/${childId}/${wordSetId}`,
    ]) {
      await page.goto(url);
      await expect(page.locator('main, [role="main"]').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await violations(page, console), url).toEqual([]);
    }
  });

  // The shared fixture fails any test with a CSP console error; this one provokes one on purpose.
  plainTest('the watcher itself sees a violation (an inline script is blocked)', async ({ page }) => {
    const console = await watchCsp(page);
    await page.goto('/privacy');
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.body.append(s);
    });
    await expect.poll(async () => (await violations(page, console)).length).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan),
    ).toBeUndefined();
  });
});
