import { PHONE, expect, inDays, practices, test } from './fixtures';

// Issue 17 item 3: tonight's plan on each practice card, on a phone, with two children.
test.use(PHONE);

const weekday = (iso: string) =>
  new Date(`${iso}T00:00:00`).toLocaleDateString('en-US', { weekday: 'short' });

test("each card says when the test is, what is due now, a visible Start, and 'Half done' for a session under way", async ({
  page,
  family,
}) => {
  const mei = await family.addChild('Mei');
  const arun = await family.addChild('Arun');
  const soon = await family.addPractice(mei, {
    words: ['alpha', 'beta', 'gamma'],
    description: 'Week 3',
    testInDays: 3,
  });
  await family.addPractice(mei, { words: ['delta'], description: 'Week 4', testInDays: 1 });
  await family.addPractice(arun, {
    words: ['春暖花开', '朋友'],
    description: '听写 2',
    language: 'Chinese',
    testInDays: 0,
  });

  await page.goto(family.dashboardHref(mei));
  await expect(page.getByText('Tonight: 4 words due for Mei.')).toBeVisible();
  const week3 = practices(page, 'Mei').filter({ hasText: 'Week 3' });
  await expect(week3).toContainText(`Test ${weekday(inDays(3))}, in 3 days`);
  await expect(week3).toContainText('3 due now');
  await expect(week3).toContainText('Start ›');
  await expect(practices(page, 'Mei').filter({ hasText: 'Week 4' })).toContainText('Test tomorrow');
  // The tab shows the child's total; its name stays the child's.
  await expect(page.getByRole('tab', { name: 'Mei', exact: true })).toContainText('4');
  await expect(page.getByRole('tab', { name: 'Arun', exact: true })).toContainText('2');

  // Grade one word and come back: the card shows the session half done, to continue.
  await week3.getByRole('link').first().click();
  await expect(page).toHaveURL(`/practice/${mei}/${soon}`);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/practice-session/') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Easy', exact: true }).click();
  await saved;
  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(week3).toContainText('2 due now');
  await expect(week3).toContainText('Half done');
  await expect(week3).toContainText('Continue ›');
  await expect(page.getByText('Tonight: 3 words due for Mei.')).toBeVisible();
  // The specification's figures keep their labels.
  await expect(
    page.getByRole('region', { name: 'Today' }).getByText('Sets Completed', { exact: true }),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Arun', exact: true }).click();
  await expect(practices(page, 'Arun').first()).toContainText('Test today');
});
