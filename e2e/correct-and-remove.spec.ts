import { formatDisplayDate, type WordSetDetail } from '@spellwell/shared';
import type { Page } from '@playwright/test';
import { PHONE, expect, inDays, meiAndArun, practices, test, type Family } from './fixtures';

// Issue 17 item 1, as a parent of two children does it on a phone.
test.use(PHONE);

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
/** The tabs by name, in order (a tab's text also shows its due count, hidden from its name). */
const tabNames = (page: Page) =>
  page.getByRole('tab').evaluateAll((tabs) =>
    tabs.map((t) =>
      Array.from(t.childNodes)
        .filter((n) => !(n instanceof Element && n.getAttribute('aria-hidden')))
        .map((n) => n.textContent)
        .join('')
        .trim(),
    ),
  );

async function detail(page: Page, family: Family, childId: string, setId: string) {
  const res = await page.request.get(`/api/child/${childId}/word-sets/${setId}`, { headers: family.headers });
  return { status: res.status(), body: res.ok() ? ((await res.json()) as WordSetDetail) : null };
}

test.describe('correct and remove', () => {
  test('a practice gets a new date, description and language, then is deleted after a confirmation', async ({
    page,
    family,
  }) => {
    const { mei, arun, week3, tingxie } = await meiAndArun(family);
    await page.goto(family.dashboardHref(mei));
    await page.getByRole('link', { name: 'Edit words for Week 3' }).click();
    await expect(page).toHaveURL(`/edit/${mei}/${week3}`);

    const details = page.getByRole('region', { name: 'Practice details' });
    const save = details.getByRole('button', { name: 'Save Details' });
    await details.getByLabel('Description').fill('   ');
    await save.click();
    await expect(details.getByText('Description is required')).toBeVisible();
    await details.getByLabel('Description').fill('D'.repeat(21));
    await save.click();
    await expect(details.getByText('Description cannot exceed 20 characters')).toBeVisible();
    await details.getByLabel('Test Date').fill('');
    await save.click();
    await expect(details.getByText('Test date is required')).toBeVisible();

    await details.getByLabel('Test Date').fill(inDays(10));
    await details.getByLabel('Description').fill('Week 4');
    await details.getByLabel('Language').selectOption('Malay');
    await save.click();
    await expect(details.getByRole('button', { name: 'Details Saved' })).toBeVisible();
    expect((await detail(page, family, mei, week3)).body).toMatchObject({
      testDate: inDays(10),
      description: 'Week 4',
      language: 'Malay',
    });

    // Back on Mei's tab the row shows the corrected practice.
    await page.getByRole('link', { name: 'Close' }).click();
    await expect(tab(page, 'Mei')).toHaveAttribute('aria-selected', 'true');
    await expect(practices(page, 'Mei')).toHaveCount(1);
    await expect(practices(page, 'Mei').first()).toContainText('Week 4');
    await expect(practices(page, 'Mei').first()).toContainText(formatDisplayDate(inDays(10)));
    await expect(practices(page, 'Mei').first()).toContainText('Malay');

    // Delete: the dialog says what goes; Cancel keeps everything.
    await page.getByRole('link', { name: 'Edit words for Week 4' }).click();
    await page.getByRole('button', { name: 'Delete Practice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Week 4”?' });
    await expect(dialog).toContainText(
      "Its 3 words and saved progress go. Mei's statistics keep the grades already given. This cannot be undone.",
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await detail(page, family, mei, week3)).status).toBe(200);

    await page.getByRole('button', { name: 'Delete Practice' }).click();
    await dialog.getByRole('button', { name: 'Delete Practice' }).click();
    await expect(page).toHaveURL(family.dashboardHref(mei));
    await expect(page.getByRole('status').filter({ hasText: '“Week 4” was deleted.' })).toBeVisible();
    await expect(tab(page, 'Mei')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No practices for Mei yet.')).toBeVisible();
    expect((await detail(page, family, mei, week3)).status).toBe(404);

    // The other child's practice is untouched.
    await tab(page, 'Arun').click();
    await expect(practices(page, 'Arun')).toHaveCount(1);
    await expect(practices(page, 'Arun').first()).toContainText('听写 2');
    expect((await detail(page, family, arun, tingxie)).body?.words.map((w) => w.wordString)).toEqual([
      '春暖花开',
      '朋友',
    ]);
  });

  test('a child is renamed, then removed with everything of theirs once the parent has read what goes', async ({
    page,
    family,
  }) => {
    const { arun } = await meiAndArun(family);
    await page.goto(family.dashboardHref(arun));

    await page.getByRole('button', { name: 'Rename or remove Arun' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename or remove Arun' });
    const name = rename.getByLabel("Child's Name");
    await expect(name).toHaveValue('Arun');
    await name.fill(' ');
    await rename.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(rename.getByText('Name is required')).toBeVisible();
    await name.fill('Arun Kumar Raman');
    await rename.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(rename.getByText('Name cannot exceed 15 characters')).toBeVisible();
    await name.fill('Arun Kumar');
    await rename.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(rename).toBeHidden();
    await expect.poll(() => tabNames(page)).toEqual(['Mei', 'Arun Kumar', 'Add Child']);
    await expect(tab(page, 'Arun Kumar')).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: 'Rename or remove Arun Kumar' }).click();
    await page.getByRole('button', { name: 'Remove Arun Kumar', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Arun Kumar?' });
    await expect(confirm).toContainText(
      'This deletes Arun Kumar and everything of theirs: 1 practice, every grade and all statistics. It cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => tabNames(page)).toEqual(['Mei', 'Arun Kumar', 'Add Child']);

    await page.getByRole('button', { name: 'Rename or remove Arun Kumar' }).click();
    await page.getByRole('button', { name: 'Remove Arun Kumar', exact: true }).click();
    await confirm.getByRole('button', { name: 'Remove Arun Kumar', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Arun Kumar was removed.' })).toBeVisible();
    await expect.poll(() => tabNames(page)).toEqual(['Mei', 'Add Child']);
    await expect(tab(page, 'Mei')).toHaveAttribute('aria-selected', 'true');
    const left = await page.request.get(`/api/word-sets/${family.userId}`, { headers: family.headers });
    expect(((await left.json()) as Array<{ name: string }>).map((c) => c.name)).toEqual(['Mei']);
  });

  test('a second child of the same name, and a list the child already has, are added only once confirmed', async ({
    page,
    family,
  }) => {
    const { mei } = await meiAndArun(family);
    await page.goto(family.dashboardHref(mei));

    await tab(page, 'Add Child').click();
    await page.getByLabel("Child's Name").fill(' mei');
    await page.getByRole('button', { name: 'Add Child', exact: true }).click();
    await expect(page.getByText('You already have a child called mei.')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(3);
    await page.getByRole('button', { name: 'Add another mei' }).click();
    await expect(page.getByRole('button', { name: 'Child Added' })).toBeVisible();
    await expect.poll(() => tabNames(page)).toEqual(['Mei', 'Arun', 'mei', 'Add Child']);

    // The same words as Mei's "Week 3", in another order, under another name.
    await page.goto(`/add-words/${mei}`);
    await page.getByLabel('Test Date').fill(inDays(30));
    await page.getByLabel('Description').fill('Copy');
    await page.getByLabel('Language', { exact: true }).selectOption('English');
    await page.getByRole('textbox', { name: 'Words' }).fill('cherry\napple\nbanana');
    const creates: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/word-sets/create/')) creates.push(r.url());
    });
    await page.getByRole('button', { name: 'Save Practice', exact: true }).click();
    await expect(page.getByText('Mei already has this list.')).toBeVisible();
    await expect(
      page.getByText(`“Week 3”, test ${formatDisplayDate(inDays(60))}, has the same words.`),
    ).toBeVisible();
    expect(creates).toEqual([]);
    await page.getByRole('button', { name: 'Save it again' }).click();
    await expect(page.getByRole('button', { name: 'Practice Added' })).toBeVisible();
    await expect(page).toHaveURL(family.dashboardHref(mei));
    await expect(practices(page, 'Mei')).toHaveCount(2);
    expect(creates).toHaveLength(1);
  });
});
