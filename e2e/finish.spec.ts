import type { Page, Request } from '@playwright/test';
import { PHONE, expect, meiAndArun, test } from './fixtures';

// Issue 17 item 6: a finish that helps, on a phone, in a family of two children.
test.use(PHONE);

const wordRegion = (page: Page) => page.getByRole('region', { name: 'Word', exact: true });

/** Shows the current word and answers it (the order of a fresh session is shuffled). */
async function currentWord(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Show Word' }).click();
  return (await wordRegion(page).innerText()).trim();
}

async function answer(page: Page, move: 'Easy' | 'Medium' | 'Difficult' | 'Skip Word') {
  if (move === 'Skip Word') {
    await page.getByRole('button', { name: 'Skip Word' }).click();
    return;
  }
  const saved = page.waitForResponse((r) => r.url().includes('/api/words/update/') && r.ok());
  await page.getByRole('button', { name: move, exact: true }).click();
  await saved;
}

/** Requests that could change a schedule or statistics: anything but reading and audio. */
const writes = (request: Request) =>
  request.method() !== 'GET' && request.url().includes('/api/') && !request.url().includes('/api/words/read');

test('the finish shows the counts, the tricky words, the next practice and the other child; the second pass grades nothing', async ({
  page,
  family,
}) => {
  const { mei, arun, week3, tingxie } = await meiAndArun(family);
  await page.goto(`/practice/${mei}/${week3}`);
  const plan = { apple: 'Easy', banana: 'Difficult', cherry: 'Skip Word' } as const;
  for (let n = 1; n <= 3; n++) {
    await expect(page.getByRole('heading', { level: 1, name: `Question ${n}` })).toBeVisible();
    const word = (await currentWord(page)) as keyof typeof plan;
    await answer(page, plan[word]);
  }

  // The specification's finish texts, word for word.
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expect(page.getByText('2 words practised out of 3.', { exact: true })).toBeVisible();
  const counts = page.getByRole('list', { name: 'This session' }).getByRole('listitem');
  await expect(counts).toHaveText(['1 Easy', '0 Medium', '1 Difficult']);
  await expect(page.getByText('1 word skipped', { exact: true })).toBeVisible();
  const tricky = page.getByRole('region', { name: 'Tricky words' });
  await expect(tricky.getByRole('listitem')).toHaveCount(2);
  // In the order they came (the session's order is shuffled).
  const order = await tricky.getByRole('listitem').allInnerTexts();
  expect([...order].sort()).toEqual(['banana', 'cherry']);
  // Cherry was skipped, so it is still due today.
  await expect(page.getByText('Next practice: today', { exact: true })).toBeVisible();
  const next = page.getByRole('link', { name: /^Next: Arun/ });
  await expect(next).toContainText('2 words due');
  await expect(next).toHaveAttribute('href', `/practice/${arun}/${tingxie}`);

  // The second pass: each tricky word again, with no grade and no request that could move it.
  const sent: string[] = [];
  const record = (request: Request) => {
    if (writes(request)) sent.push(`${request.method()} ${request.url()}`);
  };
  page.on('request', record);
  await page.getByRole('button', { name: 'Go over the tricky words again' }).click();
  await expect(page.getByRole('heading', { name: 'Tricky word 1 of 2' })).toBeFocused();
  for (const grade of ['Easy', 'Medium', 'Difficult']) {
    await expect(page.getByRole('button', { name: grade, exact: true })).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Show Word' }).click();
  await expect(wordRegion(page)).toHaveText(order[0]!);
  await page.getByRole('button', { name: 'Next tricky word' }).click();
  await expect(page.getByRole('heading', { name: 'Tricky word 2 of 2' })).toBeVisible();
  await expect(wordRegion(page)).toContainText('The word is hidden');
  await page.getByRole('button', { name: 'Show Word' }).click();
  await expect(wordRegion(page)).toHaveText(order[1]!);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  page.off('request', record);
  expect(sent).toEqual([]);

  // The server agrees: banana keeps the schedule its one Difficult grade gave it.
  const detail = await page.request.get(`/api/child/${mei}/word-sets/${week3}`, { headers: family.headers });
  const words = ((await detail.json()) as { words: { wordString: string; interval: number }[] }).words;
  expect(words.find((w) => w.wordString === 'banana')?.interval).toBe(1);
  expect(words.find((w) => w.wordString === 'cherry')?.interval).toBe(0);

  await next.click();
  await expect(page).toHaveURL(`/practice/${arun}/${tingxie}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Question 1' })).toBeVisible();
});

test('a clean run: no tricky words, the next practice tomorrow, and the way to the other child', async ({
  page,
  family,
}) => {
  const { mei, arun, tingxie } = await meiAndArun(family);
  await page.goto(`/practice/${arun}/${tingxie}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Question 1' })).toBeVisible();
  const position = page.waitForResponse(
    (r) => r.url().includes('/api/practice-session/') && r.request().method() === 'PUT',
  );
  await answer(page, 'Easy');
  await position;
  // A reload mid-session: the finish still counts the grade given before it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Question 2' })).toBeVisible();
  await answer(page, 'Easy');
  await expect(page.getByText('2 words practised out of 2.', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'This session' }).getByRole('listitem')).toHaveText([
    '2 Easy',
    '0 Medium',
    '0 Difficult',
  ]);
  await expect(page.getByRole('region', { name: 'Tricky words' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Go over the tricky words again' })).toHaveCount(0);
  await expect(page.getByText('Next practice: tomorrow', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Next: Mei/ })).toContainText('3 words due');
  await expect(page.getByRole('link', { name: /^Next: Mei/ })).toHaveAttribute(
    'href',
    new RegExp(`/practice/${mei}/`),
  );
  // The way back stays the specification's.
  await expect(page.getByRole('button', { name: 'Back to Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Practise Again' })).toBeVisible();
});
