import { PHONE, expect, inDays, practices, test } from './fixtures';

// Issue 17 item 3: tonight's plan on each practice card, on a phone, with two children.
test.use(PHONE);

const weekday = (iso: string) =>
  new Date(`${iso}T00:00:00`).toLocaleDateString('en-US', { weekday: 'short' });

test('each card says when the test is, what is due now, a visible Start, and where a session under way stopped', async ({
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

  // Grade one word and come back: the card says where the session stopped, to continue.
  await week3.getByRole('link').first().click();
  await expect(page).toHaveURL(`/practice/${mei}/${soon}`);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/practice-session/') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Easy', exact: true }).click();
  await saved;
  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(week3).toContainText('2 due now');
  await expect(week3).toContainText('Stopped at 2 of 3');
  await expect(week3).not.toContainText('Half done');
  await expect(week3).toContainText('Continue ›');
  await expect(page.getByText('Tonight: 3 words due for Mei.')).toBeVisible();
  // The specification's figures keep their labels.
  await expect(
    page.getByRole('region', { name: 'Today' }).getByText('Sets Completed', { exact: true }),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Arun', exact: true }).click();
  await expect(practices(page, 'Arun').first()).toContainText('Test today');
});

// Issue 35 item 1: Tonight at the top of each child's tab, one Start above the fold on both
// phones, nearest test first; the landing page opens the child last used.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`on a ${viewport.width}×${viewport.height} phone`, () => {
    test.use({ viewport });

    test('Tonight shows the nearest test, the words due, the prediction and one Start above the fold', async ({
      page,
      family,
    }) => {
      const mei = await family.addChild('Mei');
      await family.addPractice(mei, { words: ['later', 'after'], description: 'Week 9', testInDays: 6 });
      await family.addPractice(mei, {
        words: ['朋友', '春天'],
        description: '听写 3',
        language: 'Chinese',
        testInDays: 2,
      });
      await family.addPractice(mei, { words: ['gone'], description: 'Week 10', testInDays: 9 });

      await page.goto(family.dashboardHref(mei));
      const card = page.getByRole('region', { name: 'Tonight: 5 words due for Mei.' });
      await expect(card).toContainText(`Test ${weekday(inDays(2))}, in 2 days`);
      await expect(card).toContainText('听写 3');
      await expect(card).toContainText('Not practised yet');
      const start = card.getByRole('link', { name: 'Start', exact: true });
      await expect(start).toHaveCount(1);
      const box = await start.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);

      // Start practises tonight's words across the sets, the nearest test's first.
      await start.click();
      await expect(page).toHaveURL(`/tonight/${mei}`);
      await expect(page.getByText('1 of 5')).toBeVisible();
      await page.getByRole('button', { name: 'Show Word' }).click();
      await expect(page.getByText('朋友', { exact: true })).toBeVisible();
    });
  });
}

test('"Start Practicing Now" opens the child last used, not the first', async ({ page, family }) => {
  const mei = await family.addChild('Mei');
  const arun = await family.addChild('Arun');
  const tingxie = await family.addPractice(arun, {
    words: ['朋友'],
    description: '听写 2',
    language: 'Chinese',
  });
  await family.addPractice(mei, { words: ['apple'], description: 'Week 3' });

  await page.goto('/');
  await page.getByRole('link', { name: 'Start Practicing Now' }).click();
  await expect(page.getByRole('tab', { name: 'Mei', exact: true })).toHaveAttribute('aria-selected', 'true');

  // A practice of Arun's: next time the landing page opens Arun.
  await page.goto(`/practice/${arun}/${tingxie}`);
  await expect(page.getByRole('button', { name: 'Show Word' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Practicing Now' }).click();
  await expect(page).toHaveURL(family.dashboardHref(arun));
  await expect(page.getByRole('tab', { name: 'Arun', exact: true })).toHaveAttribute('aria-selected', 'true');

  // Picking Mei's tab makes her the one.
  await page.getByRole('tab', { name: 'Mei', exact: true }).click();
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Practicing Now' }).click();
  await expect(page.getByRole('tab', { name: 'Mei', exact: true })).toHaveAttribute('aria-selected', 'true');
});
