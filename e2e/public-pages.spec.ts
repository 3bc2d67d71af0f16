import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, newAccount, signInByApi, stubGoogleScript, test } from './fixtures';

/** Each public page with something that shows it has finished rendering. */
const PAGES: { path: string; ready: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  { path: '/', ready: (page) => page.getByRole('button', { name: 'Sign in with Google' }) },
  { path: '/login', ready: (page) => page.getByRole('button', { name: 'Sign in with Google' }) },
  { path: '/privacy', ready: (page) => page.getByRole('heading', { level: 1, name: 'Privacy Policy' }) },
  { path: '/tos', ready: (page) => page.getByRole('heading', { level: 1, name: 'Terms of Service' }) },
];

/** The page's cumulative layout shift so far (what Lighthouse's CLS adds up). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          const shifts = list.getEntries() as (PerformanceEntry & { value: number })[];
          resolve(shifts.reduce((sum, shift) => sum + shift.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // An observer with nothing buffered is never called.
        setTimeout(() => resolve(0), 500);
      }),
  );
}

/**
 * Records whether the prerendered landing page is ever taken out of the document. React 19
 * does that when its first render in the browser differs from the prerendered HTML: it
 * throws the drawn page away and draws it again.
 */
async function watchForRedraw(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const state = window as unknown as { landingRedrawn: boolean };
    state.landingRedrawn = false;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (
            node instanceof Element &&
            (node.id === 'landing-title' || node.querySelector('#landing-title'))
          ) {
            state.landingRedrawn = true;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { landingRedrawn: boolean }).landingRedrawn);
}

test.beforeEach(async ({ page }) => {
  await stubGoogleScript(page, newAccount());
});

test.describe('landing page', () => {
  test('has a tagline, benefits, How It Works, the advertising promise and the Google button', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Spelling practice that remembers which words need another go.',
    );
    await expect(page.getByRole('heading', { name: 'Why parents use it' })).toBeVisible();
    const howItWorks = page.locator('section', { has: page.getByRole('heading', { name: 'How It Works' }) });
    await expect(howItWorks.locator('ol > li')).toHaveCount(5);
    await expect(page.getByText('We never use your e-mail address for advertising.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Practicing Now' })).toHaveCount(0);
  });

  test('arrives drawn, so it reads before any script runs, and the app adopts it without a second copy', async ({
    browser,
    page,
  }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto('/');
    await expect(bare.getByRole('heading', { level: 1 })).toHaveText(
      'Spelling practice that remembers which words need another go.',
    );
    await expect(bare.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    // Pages that depend on who is signed in are not guessed at build time.
    await bare.goto('/privacy');
    await expect(bare.locator('#root')).toBeEmpty();
    await noScript.close();

    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'How It Works' })).toHaveCount(1);
  });

  test('React adopts the drawn page as it is, for a visitor signed out and for one signed in', async ({
    page,
  }) => {
    const redrawn = await watchForRedraw(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    expect(await redrawn(), 'signed out: the prerendered page was drawn again').toBe(false);

    await signInByApi(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start Practicing Now' })).toBeVisible();
    expect(await redrawn(), 'signed in: the prerendered page was drawn again').toBe(false);
  });

  test('nothing on it moves while it loads (no layout shift)', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    expect(await layoutShift(page)).toBe(0);
  });

  test('when Google sign-in cannot load, says so in its place without moving the page, and Try again loads it', async ({
    page,
  }) => {
    let blocked = true;
    await page.route('https://accounts.google.com/gsi/client*', (route) =>
      blocked ? route.abort() : route.fallback(),
    );
    await page.goto('/');
    const problem = page.getByRole('status').filter({ hasText: 'Google sign-in could not be loaded.' });
    await expect(problem).toBeVisible();
    expect(await layoutShift(page)).toBe(0);
    blocked = false;
    await problem.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expect(problem).toHaveCount(0);
  });

  test('fits a phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/privacy', '/tos']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('a page that fails to load', () => {
  test('says so inside the layout, with Reload and a way back that works', async ({ page }) => {
    await page.route('**/assets/privacy-*.js', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the start' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Spelling practice that remembers which words need another go.',
    );
  });
});

test.describe('legal pages', () => {
  test('the privacy policy has 8 sections with headings, written for the PDPA and children', async ({
    page,
  }) => {
    await page.goto('/privacy');
    const sections = page.getByRole('main').locator('section');
    await expect(sections).toHaveCount(8);
    for (let i = 0; i < 8; i += 1) {
      await expect(sections.nth(i).getByRole('heading', { level: 2 })).toHaveText(
        new RegExp(`^${i + 1}\\. \\S`),
      );
    }
    await expect(page.getByRole('main')).toContainText('Personal Data Protection Act');
    await expect(page.getByRole('heading', { name: "3. Children's data" })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('We never use your e-mail address for advertising.');
    // Issue 37: what a shared list's code shows, and what it never does.
    await expect(page.getByRole('main')).toContainText(
      'anyone signed in to SpellWell who has its code can see the list',
    );
    await expect(page.getByRole('main')).toContainText(
      "They never see your child's name, grades or recordings.",
    );
  });

  test('the terms have 8 sections with headings and are governed by the laws of Singapore', async ({
    page,
  }) => {
    await page.goto('/tos');
    const sections = page.getByRole('main').locator('section');
    await expect(sections).toHaveCount(8);
    for (let i = 0; i < 8; i += 1) {
      await expect(sections.nth(i).getByRole('heading', { level: 2 })).toHaveText(
        new RegExp(`^${i + 1}\\. \\S`),
      );
    }
    await expect(page.getByRole('main')).toContainText('These terms are governed by the laws of Singapore');
  });
});

test.describe('login and unauthorised pages', () => {
  test('the login page asks to sign in first', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Please login first to access your dashboard.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  });

  test('the unauthorised page explains and links to the signed-in parent’s own dashboard', async ({
    page,
    family,
  }) => {
    await page.goto('/unauthorised');
    await expect(page.getByRole('heading', { level: 1, name: 'This page is not yours' })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations).toEqual([]);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(family.dashboardHref());
  });
});

test.describe('accessibility', () => {
  for (const { path, ready } of PAGES) {
    test(`${path} has no axe violations in light and dark themes`, async ({ page }) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        await expect(ready(page)).toBeVisible();
        const { violations } = await new AxeBuilder({ page }).analyze();
        const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(found, colorScheme).toEqual([]);
      }
    });
  }
});
