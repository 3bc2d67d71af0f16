import { expect, test } from './fixtures';

// Issue 35 item 8: per child, 12 weeks of words practised and the share right first time.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the dashboard shows 12 weeks of words practised and the share right first time', async ({
  page,
  family,
}) => {
  const mei = await family.addChild('Mei');
  const set = await family.addPractice(mei, { words: ['alpha', 'beta', 'gamma', 'delta'], testInDays: 9 });
  const detail = await page.request.get(`/api/child/${mei}/word-sets/${set}`, { headers: family.headers });
  const ids = ((await detail.json()) as { words: { id: string }[] }).words.map((w) => w.id);
  // Easy, Difficult then Easy again the same evening (still not right first time), Medium, Easy.
  for (const [i, quality] of [
    [0, 1],
    [1, 3],
    [1, 1],
    [2, 2],
    [3, 1],
  ] as const) {
    const res = await page.request.post(`/api/words/update/${mei}/${ids[i]!}`, {
      data: { quality },
      headers: family.headers,
    });
    expect(res.status()).toBe(200);
  }

  await page.goto(family.dashboardHref(mei));
  const card = page.getByRole('region', { name: 'Last 12 weeks' });
  await expect(card).toContainText('4 words practised in 12 weeks · 50% right first time');
  const weeks = card.getByRole('list', { name: 'Words practised each week' }).getByRole('listitem');
  await expect(weeks).toHaveCount(12);
  await expect(weeks.last()).toContainText(/Week of \d{1,2} \w{3}: 4 words, 2 right first time/);
  await expect(weeks.first()).toContainText('no practice');
});
