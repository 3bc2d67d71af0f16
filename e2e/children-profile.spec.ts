import type { APIRequestContext, Page } from '@playwright/test';
import { expect, googleCredential, inDays, test } from './fixtures';
import { ADMIN_EMAIL } from './support/ports';

// Issue 35 item 7: a child's languages, school, level and colour, on a phone.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const tag = () => Math.random().toString(36).slice(2, 7);
const dropdown = (page: Page) => page.getByLabel('Add a test from selected schools');

async function adminHeaders(request: APIRequestContext) {
  const res = await request.post('/api/auth/google/login', {
    data: {
      credential: await googleCredential({ email: ADMIN_EMAIL, name: 'Admin', sub: `admin-${tag()}` }),
    },
  });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
}

/** The computed background of an element, as "rgb(r, g, b)". */
const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

test('Add Child takes languages, school, level and a colour; the colour marks the tab and the practice header', async ({
  page,
  family,
}) => {
  await family.addChild('Mei');
  await page.goto(family.dashboardHref());
  await page.getByRole('tab', { name: 'Add Child' }).click();
  await page.getByLabel("Child's Name").fill('Arun');
  await page.getByText('Languages, school and level (optional)').click();
  await page.getByRole('checkbox', { name: 'English' }).check();
  await page.getByRole('checkbox', { name: 'Tamil' }).check();
  await page.getByLabel('School').fill('Rosyth School');
  await page.getByLabel('Level').selectOption({ label: 'Primary 3' });
  await page.getByRole('radio', { name: 'Rose' }).check();
  await page.getByLabel('Pronoun').selectOption('his');
  const created = page.waitForResponse((r) => r.url().includes('/api/child/create/') && r.status() === 201);
  await page.getByRole('button', { name: 'Add Child', exact: true }).click();
  const body = (await (await created).json()) as Record<string, unknown>;
  expect(body).toMatchObject({
    name: 'Arun',
    languages: ['English', 'Tamil'],
    school: 'Rosyth School',
    level: 'P3',
    colour: 'rose',
    pronoun: 'his',
  });

  // Each tab has its child's own colour: Mei the palette's first, Arun the rose chosen.
  const arunTab = page.getByRole('tab', { name: 'Arun', exact: true });
  await expect(arunTab).toHaveAttribute('aria-selected', 'true');
  await expect(arunTab).toHaveAttribute('data-child-colour', 'rose');
  await expect(page.getByRole('tab', { name: 'Mei', exact: true })).toHaveAttribute(
    'data-child-colour',
    'teal',
  );
  expect(await background(page, '[role="tab"][data-child-colour="rose"] span')).toBe('rgb(190, 18, 60)');
  expect(await background(page, '[role="tab"][data-child-colour="teal"] span')).toBe('rgb(15, 118, 110)');

  // The child's edit shows what was set and changes it.
  await page.getByRole('button', { name: 'Rename or remove Arun' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename or remove Arun' });
  await expect(dialog.getByLabel('School')).toHaveValue('Rosyth School');
  await expect(dialog.getByRole('checkbox', { name: 'Tamil' })).toBeChecked();
  await expect(dialog.getByLabel('Level')).toHaveValue('P3');
  await dialog.getByLabel('Level').selectOption({ label: 'Primary 4' });
  await dialog.getByRole('radio', { name: 'Green' }).check();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/child/') && r.request().method() === 'PATCH',
  );
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  expect(await (await saved).json()).toMatchObject({ level: 'P4', colour: 'green', school: 'Rosyth School' });
  await expect(arunTab).toHaveAttribute('data-child-colour', 'green');

  // The practice header carries the child's colour.
  const arun = (body as { id: string }).id;
  const setId = await family.addPractice(arun, { words: ['river'], description: 'Week 1' });
  await page.goto(`/practice/${arun}/${setId}`);
  await expect(page.locator('main header')).toContainText('Arun · Week 1');
  expect(await background(page, '[data-testid="child-colour"]')).toBe('rgb(21, 128, 61)');
});

test('official lists are filtered to the child\'s school and languages, the rest behind "Other schools"', async ({
  page,
  family,
  request,
}) => {
  const headers = await adminHeaders(request);
  const [north, south] = [`North Primary ${tag()}`, `South Primary ${tag()}`];
  const add = async (school: string, language: string, description: string, words: string) => {
    const res = await request.post('/api/official-wordset/create', {
      headers,
      data: { school, testDate: inDays(5), description, language, words },
    });
    expect(res.status()).toBe(201);
  };
  await add(north, 'English', 'N English', 'river');
  await add(north, 'Chinese', 'N 听写', '朋友');
  await add(north, 'Tamil', 'N Tamil', 'பள்ளி');
  await add(south, 'English', 'S English', 'ocean');

  const res = await page.request.post(`/api/child/create/${family.userId}`, {
    headers: family.headers,
    data: { childName: 'Mei', languages: ['English', 'Chinese'], school: north.toLowerCase() },
  });
  expect(res.status()).toBe(201);
  const mei = ((await res.json()) as { id: string }).id;

  await page.goto(`/add-words/${mei}`);
  await expect(dropdown(page)).toBeEnabled();
  const options = dropdown(page).locator('option');
  await expect(options.filter({ hasText: 'N English' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'N 听写' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'N Tamil' })).toHaveCount(0);
  await expect(options.filter({ hasText: 'S English' })).toHaveCount(0);
  // Only the child's school's group is offered.
  const groups = await dropdown(page)
    .locator('optgroup')
    .evaluateAll((els) => els.map((el) => el.getAttribute('label')));
  expect(groups).toEqual([north]);

  await page.getByRole('checkbox', { name: 'Other schools' }).check();
  await expect(options.filter({ hasText: 'N Tamil' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'S English' })).toHaveCount(1);
});
