import AxeBuilder from '@axe-core/playwright';
import {
  addDaysIso,
  formatDisplayDate,
  formatOfficialDate,
  localDate,
  type OfficialWordSet,
  type WordSetDetail,
} from '@spellwell/shared';
import type { Page } from '@playwright/test';
import { expect, signInByApi, test } from './fixtures';
import { ADMIN_EMAIL } from './support/ports';

interface Parent {
  userId: string;
  childId: string;
  headers: Record<string, string>;
}

/** A signed-in parent with one child made through the API, on the dashboard. */
async function parentWithChild(page: Page, account?: Parameters<typeof signInByApi>[1]): Promise<Parent> {
  const { userId, accessToken } = await signInByApi(page, account);
  const headers = { authorization: `Bearer ${accessToken}` };
  const res = await page.request.post(`/api/child/create/${userId}`, { data: { childName: 'Mei' }, headers });
  expect(res.status()).toBe(201);
  const { id: childId } = (await res.json()) as { id: string };
  await page.goto(`/dashboard/${userId}`);
  await expect(page.getByRole('tab', { name: 'Mei' })).toHaveAttribute('aria-selected', 'true');
  return { userId, childId, headers };
}

// The browser's day (playwright.config.ts pins its time zone).
const inDays = (days: number) => addDaysIso(localDate('Asia/Singapore'), days);
const save = (page: Page) => page.getByRole('button', { name: 'Save Practice', exact: true });
const rows = (page: Page) => page.getByRole('list', { name: 'Practices for Mei' }).getByRole('listitem');

async function fillPractice(
  page: Page,
  v: { testDate: string; description: string; language: string; words: string[] },
) {
  await page.getByLabel('Test Date').fill(v.testDate);
  await page.getByLabel('Description').fill(v.description);
  await page.getByLabel('Language', { exact: true }).selectOption(v.language);
  await page.getByRole('textbox', { name: 'Words' }).fill(v.words.join('\n'));
}

async function detail(page: Page, parent: Parent, wordSetId: string): Promise<WordSetDetail> {
  const res = await page.request.get(`/api/child/${parent.childId}/word-sets/${wordSetId}`, {
    headers: parent.headers,
  });
  return (await res.json()) as WordSetDetail;
}

test.describe('word sets', () => {
  test('a practice added by hand: every message, "Practice Added", then listed on the dashboard', async ({
    page,
  }) => {
    const parent = await parentWithChild(page);
    await page.getByRole('link', { name: 'Add Practice' }).click();
    await expect(page).toHaveURL(`/add-words/${parent.childId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Practice' })).toBeVisible();
    // Back to this child's tab, not the first child's (issue 17 item 2).
    await expect(page.getByRole('link', { name: 'Close' })).toHaveAttribute(
      'href',
      `/dashboard/${parent.userId}?child=${parent.childId}`,
    );
    await expect(page.getByLabel('Test Date')).toHaveAttribute('type', 'date');
    await expect(page.getByLabel('Language', { exact: true }).locator('option')).toHaveText([
      'Select language',
      'English',
      'Chinese',
      'Malay',
      'Tamil',
    ]);
    // Only admins may add official lists.
    await expect(page.getByRole('button', { name: 'Save Practice + Official' })).toHaveCount(0);

    await save(page).click();
    for (const message of [
      'Test date is required',
      'Description is required',
      'Language is required',
      'Add at least one word',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Description').fill('Spelling test week 12');
    await save(page).click();
    await expect(page.getByText('Description cannot exceed 20 characters')).toBeVisible();

    const testDate = inDays(30);
    await fillPractice(page, {
      testDate,
      description: 'Week 12',
      language: 'English',
      words: ['apple', ' banana ', '', 'cherry'],
    });
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);
    await save(page).click();
    await expect(page.getByRole('button', { name: 'Practice Added' })).toBeVisible();
    await expect(page).toHaveURL(`/dashboard/${parent.userId}?child=${parent.childId}`);

    const row = rows(page).first();
    await expect(row.getByText(formatDisplayDate(testDate), { exact: true })).toBeVisible();
    await expect(row.getByText('Week 12', { exact: true })).toBeVisible();
    await expect(row.getByText('3 words', { exact: true })).toBeVisible();
    await expect(row.getByText('English', { exact: true })).toBeVisible();
    expect(formatDisplayDate(testDate)).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4}$/);

    // The row opens practice.
    await row
      .getByRole('link', { name: new RegExp(`^${formatDisplayDate(testDate)} Week 12 3 words English`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/practice/${parent.childId}/[0-9a-f-]{36}$`));
  });

  test('a practice from an official list, then its words edited: "Words Saved" and the new count', async ({
    page,
  }) => {
    const parent = await parentWithChild(page);
    const official = (await (
      await page.request.get('/api/official-wordset', { headers: parent.headers })
    ).json()) as OfficialWordSet[];
    expect(official.length).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Add Practice' }).click();

    const dropdown = page.getByLabel('Add a test from selected schools');
    const expected = official.map(
      (s) => `${formatOfficialDate(s.testDate)} - ${s.description} - ${s.language}`,
    );
    // Auto-waits past "Loading tests" until the list has arrived; grouped by school (issue 17).
    await expect(dropdown.locator('option')).toHaveCount(official.length + 1);
    await expect(dropdown.locator('option').first()).toHaveText('Choose a test');
    const labels = (await dropdown.locator('option').allTextContents()).slice(1);
    expect([...labels].sort()).toEqual([...expected].sort());
    for (const label of labels)
      expect(label).toMatch(/^\d{2}\/\d{2}\/\d{4} - .+ - (English|Chinese|Malay|Tamil)$/);
    for (const [i, set] of official.entries())
      await expect(
        dropdown.locator(`optgroup[label="${set.school}"] option`, { hasText: expected[i]! }),
      ).toHaveCount(1);

    const chosen = official[expected.indexOf(labels[0]!)]!;
    await dropdown.selectOption({ label: labels[0]! });
    await expect(page.getByLabel('Test Date')).toHaveValue(chosen.testDate);
    await expect(page.getByLabel('Description')).toHaveValue(chosen.description);
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue(chosen.language);
    await expect(page.getByRole('textbox', { name: 'Words' })).toHaveValue(chosen.words.join('\n'));
    await save(page).click();
    await expect(page.getByRole('button', { name: 'Practice Added' })).toBeVisible();
    await expect(page).toHaveURL(`/dashboard/${parent.userId}?child=${parent.childId}`);

    const row = rows(page).filter({ hasText: chosen.description }).first();
    await expect(row.getByText(`${chosen.words.length} words`, { exact: true })).toBeVisible();
    await row.getByRole('link', { name: `Edit words for ${chosen.description}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Words' })).toBeVisible();
    const words = page.getByRole('textbox', { name: 'Words' });
    await expect(words).toHaveAttribute('rows', '15');
    await expect(words).toHaveValue(chosen.words.join('\n'));
    await expect(page.getByText('Important: Separate each word on a new line')).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);

    await words.fill('  \n ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Add at least one word')).toBeVisible();

    const edited = [...chosen.words.slice(0, 2), 'extra one', 'extra two'];
    await words.fill(edited.join('\n'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Words Saved' })).toBeVisible();
    // Back on the child's tab with the edited list in view (issue 17 item 2).
    await expect(page).toHaveURL(
      new RegExp(`/dashboard/${parent.userId}\\?child=${parent.childId}&set=[0-9a-f-]{36}$`),
    );
    await expect(
      rows(page).filter({ hasText: chosen.description }).first().getByText('4 words', { exact: true }),
    ).toBeVisible();

    // Cancel leads back without saving.
    await rows(page)
      .filter({ hasText: chosen.description })
      .first()
      .getByRole('link', { name: /^Edit words for/ })
      .click();
    await expect(page.getByRole('textbox', { name: 'Words' })).toHaveValue(edited.join('\n'));
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/dashboard/${parent.userId}\\?child=${parent.childId}&set=[0-9a-f-]{36}$`),
    );
  });

  test('Chinese, Tamil and Malay words display and round-trip exactly', async ({ page }) => {
    const parent = await parentWithChild(page);
    const sets = [
      {
        description: '听写 第五课',
        language: 'Chinese',
        tag: 'zh-Hans',
        words: ['苹果', '学校', '老师好', '我们一起去'],
      },
      { description: 'சொல் 3', language: 'Tamil', tag: 'ta', words: ['அம்மா', 'பள்ளிக்கூடம்', 'தமிழ் மொழி'] },
      { description: 'Ejaan 4', language: 'Malay', tag: 'ms', words: ['kucing', 'sekolah', 'rumah besar'] },
    ];
    for (const [i, set] of sets.entries()) {
      await page.getByRole('link', { name: 'Add Practice' }).click();
      await fillPractice(page, { testDate: inDays(10 + i), ...set });
      await expect(page.getByRole('textbox', { name: 'Words' })).toHaveAttribute('lang', set.tag);
      await save(page).click();
      await expect(page).toHaveURL(`/dashboard/${parent.userId}?child=${parent.childId}`);
    }
    for (const set of sets) {
      const row = rows(page).filter({ hasText: set.description });
      await expect(row.getByText(set.description, { exact: true })).toHaveAttribute('lang', set.tag);
      await expect(row.getByText(`${set.words.length} words`)).toBeVisible();
      await row.getByRole('link', { name: `Edit words for ${set.description}` }).click();
      const words = page.getByRole('textbox', { name: 'Words' });
      await expect(words).toHaveValue(set.words.join('\n'));
      await expect(words).toHaveAttribute('lang', set.tag);
      const wordSetId = page.url().split('/').pop()!;
      expect((await detail(page, parent, wordSetId)).words.map((w) => w.wordString)).toEqual(set.words);
      await page.getByRole('link', { name: 'Cancel' }).click();
    }
  });

  test('an admin saves a practice for the child and as an official list: "Added to Both", then it is offered', async ({
    page,
  }) => {
    const parent = await parentWithChild(page, { email: ADMIN_EMAIL, name: 'Admin', sub: 'admin-sub' });
    await page.getByRole('link', { name: 'Add Practice' }).click();
    const description = `Admin ${Math.random().toString(36).slice(2, 8)}`;
    const testDate = inDays(20);
    await fillPractice(page, { testDate, description, language: 'English', words: ['ocean', 'river'] });
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') saves.push(new URL(r.url()).pathname);
    });
    await page.getByRole('button', { name: 'Save Practice + Official' }).click();
    await expect(page.getByRole('button', { name: 'Added to Both' })).toBeVisible();
    await expect(page).toHaveURL(`/dashboard/${parent.userId}?child=${parent.childId}`);
    expect(saves).toEqual([`/api/word-sets/create/${parent.childId}`, '/api/official-wordset/create']);
    await expect(rows(page).filter({ hasText: description }).getByText('2 words')).toBeVisible();

    await page.getByRole('link', { name: 'Add Practice' }).click();
    const label = `${formatOfficialDate(testDate)} - ${description} - English`;
    await expect(
      page.getByLabel('Add a test from selected schools').locator('option', { hasText: label }),
    ).toHaveCount(1);
  });
});
