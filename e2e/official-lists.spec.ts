import { formatDisplayDate, formatOfficialDate } from '@spellwell/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { PHONE, expect, googleCredential, inDays, meiAndArun, signInByApi, test } from './fixtures';
import { ADMIN_EMAIL } from './support/ports';

// Issue 17 item 8: official lists grouped by school, an admin's school field, past tests left
// out, and a past test date confirmed; on a phone, in a family of two children.
test.use(PHONE);

const tag = () => Math.random().toString(36).slice(2, 7);
/** An admin of its own (parents are keyed by Google's subject), so no other test's admin
 * account gains children or lists from this file. */
const newAdmin = () => ({ email: ADMIN_EMAIL, name: 'Admin', sub: `admin-${tag()}` });
const dropdown = (page: Page) => page.getByLabel('Add a test from selected schools');

/** The admin's bearer header, from a request context of its own (the page keeps its parent). */
async function adminHeaders(request: APIRequestContext) {
  const res = await request.post('/api/auth/google/login', {
    data: { credential: await googleCredential(newAdmin()) },
  });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
}

test('the dropdown groups the tests by school, each with the specification label; past tests are left out', async ({
  page,
  family,
  request,
}) => {
  const headers = await adminHeaders(request);
  const [north, south] = [`North Primary ${tag()}`, `South Primary ${tag()}`];
  const add = async (school: string, days: number, description: string) => {
    const res = await request.post('/api/official-wordset/create', {
      headers,
      data: { school, testDate: inDays(days), description, language: 'English', words: 'river\nocean' },
    });
    expect(res.status()).toBe(201);
  };
  await add(north, 5, 'N Week 5');
  await add(south, 4, 'S Week 4');
  await add(north, 3, 'N Week 3');
  await add(north, -2, 'N Sat Already');

  const { arun } = await meiAndArun(family);
  await page.goto(`/add-words/${arun}`);
  await expect(dropdown(page)).toBeEnabled();
  const label = (days: number, description: string) =>
    `${formatOfficialDate(inDays(days))} - ${description} - English`;
  await expect(dropdown(page).locator(`optgroup[label="${north}"] option`)).toHaveText([
    label(3, 'N Week 3'),
    label(5, 'N Week 5'),
  ]);
  await expect(dropdown(page).locator(`optgroup[label="${south}"] option`)).toHaveText([
    label(4, 'S Week 4'),
  ]);
  // North's soonest test (3 days) comes before South's (4 days).
  const groups = await dropdown(page)
    .locator('optgroup')
    .evaluateAll((els) => els.map((el) => el.getAttribute('label')));
  expect(groups.indexOf(north)).toBeLessThan(groups.indexOf(south));
  await expect(dropdown(page).locator('option', { hasText: 'N Sat Already' })).toHaveCount(0);

  // Choosing one still fills the form.
  await dropdown(page).selectOption({ label: label(3, 'N Week 3') });
  await expect(page.getByLabel('Test Date')).toHaveValue(inDays(3));
  await expect(page.getByLabel('Description')).toHaveValue('N Week 3');
  // A parent who is not an admin has no school field.
  await expect(page.getByLabel('School (official list)')).toHaveCount(0);
});

test('a past test date asks before saving: Cancel saves nothing, "Save anyway" saves', async ({
  page,
  family,
}) => {
  const { arun } = await meiAndArun(family);
  await page.goto(`/add-words/${arun}`);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/word-sets/create/')) posts.push(r.url());
  });
  const yesterday = inDays(-1);
  await page.getByLabel('Test Date').fill(yesterday);
  await page.getByLabel('Description').fill('听写 1');
  await page.getByLabel('Language', { exact: true }).selectOption('Chinese');
  await page.getByRole('textbox', { name: 'Words' }).fill('春天\n夏天');
  await page.getByRole('button', { name: 'Save Practice', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'That day has passed' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    `${formatDisplayDate(yesterday)} is before today. Save the practice with this date anyway?`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Test Date')).toBeFocused();
  expect(posts).toEqual([]);

  await page.getByRole('button', { name: 'Save Practice', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByRole('button', { name: 'Practice Added' })).toBeVisible();
  expect(posts).toHaveLength(1);
  // A date today or later saves at once (the other tests of the suite rely on it).
});

test("an admin files an official list under a school, checked like the API's", async ({ page }) => {
  const { userId, accessToken } = await signInByApi(page, newAdmin());
  const headers = { authorization: `Bearer ${accessToken}` };
  const [first, second] = ['Arun', 'Mei'];
  const child = await page.request.post(`/api/child/create/${userId}`, {
    data: { childName: first },
    headers,
  });
  const { id: childId } = (await child.json()) as { id: string };
  await page.request.post(`/api/child/create/${userId}`, { data: { childName: second }, headers });
  await page.goto(`/add-words/${childId}`);

  const description = `Adm ${tag()}`;
  await page.getByLabel('Test Date').fill(inDays(9));
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Language', { exact: true }).selectOption('English');
  await page.getByRole('textbox', { name: 'Words' }).fill('harbour\nisland');
  const school = page.getByLabel('School (official list)');
  await school.fill('S'.repeat(61));
  const bodies: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/official-wordset/create'))
      bodies.push(r.postDataJSON());
  });
  await page.getByRole('button', { name: 'Save Practice + Official' }).click();
  await expect(page.getByText('School cannot exceed 60 characters')).toBeVisible();
  await expect(school).toHaveAttribute('aria-invalid', 'true');
  expect(bodies).toEqual([]);

  const name = `Rosyth ${tag()}`;
  await school.fill(name);
  await expect(page.getByText('School cannot exceed 60 characters')).toBeHidden();
  await page.getByRole('button', { name: 'Save Practice + Official' }).click();
  await expect(page.getByRole('button', { name: 'Added to Both' })).toBeVisible();
  expect(bodies).toEqual([expect.objectContaining({ school: name, description })]);

  await page.goto(`/add-words/${childId}`);
  await expect(dropdown(page).locator(`optgroup[label="${name}"] option`)).toHaveText([
    `${formatOfficialDate(inDays(9))} - ${description} - English`,
  ]);
});
