import { answerSlotsFor, MARKING_MESSAGES, type PrintedSheet } from '@spellwell/shared';
import { photographSheet } from '../bench/marking/photo';
import { seeded } from '../bench/scan-photos/svg';
import { expect, practices, test } from './fixtures';

// Issue 39: print the child's sheet, fill it in with the evaluation's generator, photograph it,
// mark it from the photo on the grading page, check, save.
test('a photo of the filled-in sheet prefills the grades with crops; Save grades them', async ({
  page,
  family,
}) => {
  test.setTimeout(240_000);
  const mei = await family.addChild('Mei');
  await family.addPractice(mei, { words: ['river', 'kitchen', 'garden'], description: 'Week 5' });
  await page.goto(family.dashboardHref(mei));
  await practices(page, 'Mei')
    .filter({ hasText: 'Week 5' })
    .getByRole('link', { name: 'Print Week 5' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/print/${mei}/[0-9a-f-]{36}$`));
  const sheetId = page.url().split('/').pop()!;
  // The child's sheet carries what a camera needs: its own QR code and four corner marks.
  await expect(page.getByTestId('child-sheet-qr')).toHaveAttribute('data-ready', 'yes');
  await expect(page.getByTestId('markable-answer')).toHaveCount(3);

  const res = await page.request.get(`/api/child/${mei}/printed-sheets/${sheetId}`, {
    headers: family.headers,
  });
  const sheet = (await res.json()) as PrintedSheet;
  expect(sheet.answerSlots).toHaveLength(3);
  // The child wrote the first word right, misspelled the second, left the third blank.
  const photo = await photographSheet(
    sheetId,
    answerSlotsFor(sheet.words),
    'Week 5',
    [
      { kind: 'text', text: 'river', crossed: null },
      { kind: 'text', text: 'kichen', crossed: null },
      { kind: 'blank' },
    ],
    'patrickHand',
    seeded(7),
    { gentle: true },
  );

  await page.getByRole('link', { name: 'Mark from a photo' }).click();
  await expect(page).toHaveURL(new RegExp(`/grade/${mei}/${sheetId}$`));
  await page
    .getByLabel("Photo of the child's sheet")
    .setInputFiles({ name: 'sheet.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText(MARKING_MESSAGES.caveat)).toBeVisible({ timeout: 120_000 });

  const rows = page.getByRole('group');
  const row = (word: string) => rows.filter({ hasText: word });
  await expect(row('river').getByRole('radio', { name: 'Easy' })).toBeChecked();
  await expect(row('kitchen').getByRole('radio', { name: 'Difficult' })).toBeChecked();
  for (const name of ['Easy', 'Medium', 'Difficult'])
    await expect(row('garden').getByRole('radio', { name })).not.toBeChecked();
  await expect(row('garden')).toContainText('Not sure: check it');
  for (const n of [1, 2, 3])
    await expect(page.getByAltText(`What was written for word ${n}, from the photo`)).toBeVisible();

  // Nothing is graded yet: the parent checks, decides the unsure one, and saves.
  const before = await page.request.get(`/api/child/${mei}/printed-sheets/${sheetId}`, {
    headers: family.headers,
  });
  expect(before.ok()).toBe(true);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Grade every word first: 1 word has no grade.')).toBeVisible();
  await row('garden').getByRole('radio', { name: 'Medium' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Grades saved' })).toBeVisible();
  // The grades reached the server: every printed word now has its next practice day.
  const set = await page.request.get(`/api/child/${mei}/word-sets/${sheet.wordSetId}`, {
    headers: family.headers,
  });
  const { words } = (await set.json()) as { words: { nextReview: string | null }[] };
  expect(words.map((w) => w.nextReview)).not.toContain(null);
});
