import { expect, newAccount, signInByApi, test } from './fixtures';

// Issue 37: Mum invites Dad, Dad accepts in another browser and grades, Mum sees "graded by
// Dad" in the Word List and the history, Mum removes Dad and his next reload shows the child gone.

test('a co-parent joins by an invite link, grades, and is removed', async ({
  page,
  family,
  browser,
  baseURL,
}) => {
  const mei = await family.addChild('Mei');
  const set = await family.addPractice(mei, { words: ['because'], description: 'Week 1' });

  await page.goto(family.dashboardHref(mei));
  const familySection = page.getByRole('region', { name: 'Family' });
  await expect(familySection.getByRole('radio', { name: 'Co-parent' })).toBeChecked();
  await familySection.getByRole('button', { name: 'Make an invite link' }).click();
  const url = (await familySection.getByTestId('invite-url').textContent())!.trim();
  expect(url).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(familySection.getByRole('list', { name: 'Open invites' }).getByRole('listitem')).toHaveCount(
    1,
  );

  const dadContext = await browser.newContext({ baseURL, timezoneId: 'Asia/Singapore' });
  const dad = await dadContext.newPage();
  const dadAccount = { ...newAccount('dad'), name: 'Dad Tan' };
  const { userId: dadId } = await signInByApi(dad, dadAccount);
  await dad.goto(new URL(url).pathname);
  await expect(dad.getByText(/invites you to practise spelling with Mei as a co-parent/)).toBeVisible();
  await dad.getByRole('button', { name: 'Accept' }).click();
  await expect(dad).toHaveURL(new RegExp(`/dashboard/${dadId}\\?child=${mei}`));
  await expect(dad.getByRole('region', { name: 'Family' }).getByText('Dad (you), Co-parent')).toBeVisible();

  // Dad grades Mei's word.
  await dad.goto(`/practice/${mei}/${set}`);
  await dad.getByRole('button', { name: 'Show Word' }).click();
  const saved = dad.waitForResponse((r) => r.url().includes('/api/words/update/') && r.ok());
  await dad.getByRole('button', { name: 'Medium', exact: true }).click();
  await saved;

  // Mum's Word List says who graded.
  await page.goto(`/practice/${mei}/${set}`);
  await page.getByRole('button', { name: 'Word List' }).click();
  await expect(page.getByRole('dialog', { name: /Word List/ }).getByTestId('graded-by')).toHaveText(
    'graded by Dad',
  );

  // Mum's history says who graded, now that Mei has two adults (the child's day may be Dad's).
  await page.goto(family.dashboardHref(mei));
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('img')).toHaveAccessibleName(
    /^Words reviewed in the last 30 days: 1 in total on 1 day \(1 graded by Dad\), most on /,
  );
  await expect(today.locator('svg title', { hasText: 'graded by Dad' })).toHaveText(
    /: 1 word \(1 graded by Dad\)$/,
  );

  // Mum removes Dad; his next reload shows Mei gone.
  const members = page.getByRole('list', { name: 'Who shares Mei' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await members.getByRole('button', { name: 'Remove Dad' }).click();
  await expect(members.getByRole('listitem')).toHaveCount(1);

  await dad.goto(`/dashboard/${dadId}`);
  await expect(dad.getByRole('heading', { name: 'Your children' })).toBeVisible();
  // Exactly "Mei": the Add Child form's pronoun hint says "For “Mei, on her own” …".
  await expect(dad.getByText('Mei', { exact: true })).toHaveCount(0);
  await expect(dad.getByRole('tab', { name: 'Mei' })).toHaveCount(0);
  await dadContext.close();
});
