import type { Page } from '@playwright/test';
import { PHONE, expect, test, type Family } from './fixtures';

// Issue 17 items 4 and 5, on a phone, in a family of two children.
test.use(PHONE);

const question = (page: Page, n: number) => page.getByRole('heading', { level: 1, name: `Question ${n}` });
const dueNote = (page: Page) => page.getByRole('status').filter({ hasText: 'All the words due today are done' });

/** Clicks a grade and waits until the server has the grade and the new position. */
async function gradeAndSettle(page: Page, name: 'Easy' | 'Medium' | 'Difficult') {
  const saved = page.waitForResponse((r) => r.url().includes('/api/words/update/') && r.ok());
  const position = page.waitForResponse((r) => r.url().includes('/api/practice-session/') && r.request().method() !== 'GET');
  await page.getByRole('button', { name, exact: true }).click();
  await Promise.all([saved, position]);
}

async function twoChildren(family: Family, meiWords: string[]) {
  const mei = await family.addChild('Mei');
  const arun = await family.addChild('Arun');
  const meiSet = await family.addPractice(mei, { words: meiWords, description: 'Week 3' });
  await family.addPractice(arun, { words: ['春暖花开', '朋友'], description: '听写 2', language: 'Chinese' });
  return { mei, arun, meiSet };
}

test.describe('an honest due note', () => {
  test('a word added by Edit Words to a session under way is due, and the note waits for it', async ({ page, family }) => {
    const { mei, meiSet } = await twoChildren(family, ['alpha', 'beta', 'gamma']);
    const href = `/practice/${mei}/${meiSet}`;
    await page.goto(href);
    await gradeAndSettle(page, 'Easy');
    await gradeAndSettle(page, 'Easy');
    await expect(question(page, 3)).toBeVisible();
    // A fresh order: only "gamma" is due now.
    await page.request.delete(`/api/practice-session/${mei}/${meiSet}`, { headers: family.headers });
    await page.reload();
    await expect(question(page, 1)).toBeVisible();
    await gradeAndSettle(page, 'Medium');
    await expect(dueNote(page)).toBeVisible();

    // The parent stops at the note, adds a word, and resumes.
    await page.goto(`/edit/${mei}/${meiSet}`);
    await page.getByRole('textbox', { name: 'Words' }).fill('alpha\nbeta\ngamma\ndelta');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Words Saved' })).toBeVisible();
    await page.goto(href);
    await expect(question(page, 2)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /extra practice/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Show Word' }).click();
    await expect(page.getByText('delta', { exact: true })).toBeVisible();
    await gradeAndSettle(page, 'Easy');
    await expect(question(page, 3)).toBeVisible();
    await expect(dueNote(page)).toBeVisible();
  });
});
