import type { Page } from '@playwright/test';
import { PHONE, expect, inDays, question, test, type Family } from './fixtures';

// Issue 17 item 7, on a phone, in a family of two children.
test.use(PHONE);

async function twoChildren(family: Family) {
  const mei = await family.addChild('Mei');
  const arun = await family.addChild('Arun');
  const meiSet = await family.addPractice(mei, { words: ['alpha', 'beta', 'gamma'], description: 'Week 3' });
  return { mei, arun, meiSet };
}

async function gradeAndSettle(page: Page, name: 'Easy' | 'Medium' | 'Difficult') {
  const saved = page.waitForResponse((r) => r.url().includes('/api/words/update/') && r.ok());
  const position = page.waitForResponse(
    (r) => r.url().includes('/api/practice-session/') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name, exact: true }).click();
  await Promise.all([saved, position]);
}

test.describe('nothing lost', () => {
  test('Add Practice keeps a draft per child until it is saved or discarded; Reset asks first', async ({
    page,
    family,
  }) => {
    const { mei, arun } = await twoChildren(family);
    const words = page.getByRole('textbox', { name: 'Words' });
    await page.goto(`/add-words/${mei}`);
    await page.getByLabel('Test Date').fill(inDays(9));
    await page.getByLabel('Description').fill('Spelling 9');
    await page.getByLabel('Language', { exact: true }).selectOption('English');
    await words.fill('island\nvolcano');
    await page.getByRole('link', { name: 'Close' }).click();
    await expect(page.getByRole('tab', { name: 'Mei' })).toHaveAttribute('aria-selected', 'true');

    // Another child's form is their own.
    await page.goto(`/add-words/${arun}`);
    await expect(page.getByLabel('Description')).toHaveValue('');
    await expect(page.getByText(/unsaved practice/)).toHaveCount(0);

    // Mei's comes back, after a reload too.
    await page.goto(`/add-words/${mei}`);
    await expect(
      page.getByText('Your unsaved practice for Mei was kept. Carry on where you left off.'),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Description')).toHaveValue('Spelling 9');
    await expect(page.getByLabel('Test Date')).toHaveValue(inDays(9));
    await expect(words).toHaveValue('island\nvolcano');

    await page.getByRole('button', { name: 'Reset' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear this practice?' });
    await expect(confirm).toContainText('The test date, description, language and words typed here go.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(words).toHaveValue('island\nvolcano');
    await page.getByRole('button', { name: 'Reset' }).click();
    await confirm.getByRole('button', { name: 'Clear' }).click();
    await expect(words).toHaveValue('');
    await page.reload();
    await expect(page.getByLabel('Description')).toHaveValue('');

    // Saved: the draft goes with it.
    await page.getByLabel('Test Date').fill(inDays(9));
    await page.getByLabel('Description').fill('Spelling 10');
    await page.getByLabel('Language', { exact: true }).selectOption('English');
    await words.fill('harbour');
    await page.getByRole('button', { name: 'Save Practice', exact: true }).click();
    await expect(page).toHaveURL(family.dashboardHref(mei));
    await page.goto(`/add-words/${mei}`);
    await expect(page.getByLabel('Description')).toHaveValue('');
  });

  test('"Start over" asks first', async ({ page, family }) => {
    const { mei, meiSet } = await twoChildren(family);
    await page.goto(`/practice/${mei}/${meiSet}`);
    await gradeAndSettle(page, 'Easy');
    await page.getByRole('button', { name: 'Start over' }).click();
    const confirm = page.getByRole('dialog', { name: 'Start over?' });
    await expect(confirm).toContainText(
      "Mei's place in this list goes back to the first word, in a fresh order. Grades already given stay.",
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(question(page, 2)).toBeVisible();
    await page.getByRole('button', { name: 'Start over' }).click();
    await confirm.getByRole('button', { name: 'Start over' }).click();
    await expect(question(page, 1)).toBeVisible();
  });

  test('a second tab on the same practice makes the first out of date; a move made elsewhere does too', async ({
    page,
    family,
    context,
  }) => {
    const { mei, meiSet } = await twoChildren(family);
    const href = `/practice/${mei}/${meiSet}`;
    await page.goto(href);
    await expect(question(page, 1)).toBeVisible();

    const second = await context.newPage();
    await second.goto(href);
    await expect(question(second, 1)).toBeVisible();
    await expect(page.getByText('This page is out of date.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Easy', exact: true })).toHaveCount(0);
    await gradeAndSettle(second, 'Easy');
    await expect(question(second, 2)).toBeVisible();

    // Another device moves the session on; this page's next save is refused, and it says so.
    const url = `/api/practice-session/${mei}/${meiSet}`;
    const moved = await second.request.put(url, { data: { position: 3, from: 1 }, headers: family.headers });
    expect(moved.status()).toBe(200);
    await second.getByRole('button', { name: 'Easy', exact: true }).click();
    await expect(second.getByText('This page is out of date.')).toBeVisible();
    const session = await second.request.get(url, { headers: family.headers });
    expect(((await session.json()) as { position: number }).position).toBe(3);
    await second.getByRole('button', { name: 'Reload' }).click();
    await expect(
      second.getByRole('heading', { name: 'Congratulations!' }).or(question(second, 3)),
    ).toBeVisible();
  });

  test('a failing /auth/me (network, 5xx) keeps the parent signed in and retries; a refused token signs out', async ({
    page,
    family,
  }) => {
    let failures = 0;
    await page.route('**/api/auth/me', async (route) => {
      failures += 1;
      if (failures === 1) await route.abort('failed');
      else if (failures === 2)
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":"service_unavailable","message":"down"}',
        });
      else await route.continue();
    });
    await page.goto(family.dashboardHref());
    await expect(
      page.getByRole('status').filter({ hasText: 'Cannot reach SpellWell right now. Trying again…' }),
    ).toBeVisible();
    await expect(page).toHaveURL(family.dashboardHref());
    await expect(page.getByRole('heading', { name: 'Add your first child' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('Cannot reach SpellWell right now.')).toHaveCount(0);
    expect(failures).toBe(3);

    // Refused: /auth/me says 401 and the refresh is refused too.
    await page.unroute('**/api/auth/me');
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"error":"unauthorized","message":"Please sign in again."}',
      }),
    );
    await page.route('**/api/auth/refresh-token', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"error":"unauthorized","message":"Please sign in again."}',
      }),
    );
    await page.reload();
    await expect(page).toHaveURL('/login');
  });
});
