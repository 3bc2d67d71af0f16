import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, meiAndArun, newAccount, practices, signInByApi, test } from './fixtures';
import { POPPLER_HINT, hasPoppler } from './support/poppler';
import { readQr } from './support/qr';

// Issue 20, parts 2 and 3: printable sheets, read back from Chromium's own PDF.
const dir = mkdtempSync(join(tmpdir(), 'spellwell-print-'));

/** The page as Chromium prints it, as text per page (pdftotext separates pages with \f). */
async function printedPages(page: Page, name: string, format?: 'A4' | 'Letter') {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, await page.pdf(format ? { format } : { preferCSSPageSize: true }));
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { pages: text.split('\f').filter((p) => p.trim() !== ''), info, file };
}

test.beforeAll(() => {
  if (!hasPoppler()) throw new Error(POPPLER_HINT);
});

test("a list's sheet has no words, the key has them all, and its QR code grades exactly them", async ({
  page,
  family,
  browser,
  baseURL,
}) => {
  const { mei, week3 } = await meiAndArun(family);
  await page.goto(family.dashboardHref(mei));
  const card = practices(page, 'Mei').filter({ hasText: 'Week 3' });
  await card.getByRole('link', { name: 'Print Week 3' }).click();
  await expect(page).toHaveURL(new RegExp(`/print/${mei}/[0-9a-f-]{36}$`));
  const sheetId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Print Week 3' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  // A4 by default: the child's sheet on page 1, the key on page 2, nothing of the app around.
  const a4 = await printedPages(page, 'week3-a4');
  expect(a4.info).toMatch(/Page size:\s+59[45](\.\d+)? x 84[12](\.\d+)? pts \(A4\)/);
  expect(a4.pages).toHaveLength(2);
  const [sheet, key] = a4.pages as [string, string];
  expect(sheet).toContain('Week 3 · Spelling');
  expect(sheet).toContain('Name: Mei');
  for (const word of ['apple', 'banana', 'cherry']) expect(sheet).not.toContain(word);
  expect(sheet).not.toContain('SpellWell');
  expect(sheet).not.toContain('Privacy');
  expect(key).toContain('Week 3 · Answer key');
  expect(key.replace(/\s+/g, ' ')).toMatch(/1\. apple 2\. banana 3\. cherry/);
  expect(key).toContain('Scan to grade these 3 words on your phone');
  expect(key).not.toContain('Print');

  // US Letter from the paper choice.
  await page.getByRole('combobox', { name: 'Paper' }).selectOption('Letter');
  const letter = await printedPages(page, 'week3-letter');
  expect(letter.info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
  expect(letter.pages).toHaveLength(2);

  // The QR code opens this sheet's grading page.
  const url = await readQr(page);
  expect(url).toBe(`${baseURL}/grade/${mei}/${sheetId}`);

  // The set changes after printing: banana removed, damson added. The QR still grades the
  // printed words that remain, and says which were left out.
  const edit = await page.request.post(`/api/word-sets/${mei}/edit/${week3}`, {
    data: { words: 'apple\ncherry\ndamson' },
    headers: family.headers,
  });
  expect(edit.status()).toBe(200);
  await page.goto(url!);
  await expect(page.getByRole('heading', { name: 'Grade the sheet' })).toBeVisible();
  await expect(page.getByText('1 word was removed from the list since this sheet was printed')).toContainText(
    'banana',
  );
  await expect(page.getByRole('group', { name: /^\d+\. / })).toHaveText([/^1\. apple/, /^2\. cherry/]);
  await page
    .getByRole('group', { name: /^1\. apple/ })
    .getByRole('radio', { name: 'Easy' })
    .click();
  await page
    .getByRole('group', { name: /^2\. cherry/ })
    .getByRole('radio', { name: 'Medium' })
    .click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Grades saved' })).toBeVisible();
  const words = (await (
    await page.request.get(`/api/child/${mei}/word-sets/${week3}`, { headers: family.headers })
  ).json()) as { words: { wordString: string; nextReview: string | null }[] };
  expect(words.words.map((w) => [w.wordString, w.nextReview !== null])).toEqual([
    ['apple', true],
    ['cherry', true],
    ['damson', false],
  ]);

  // Another parent, signed in, gets "not found" for the same URL.
  const other = await browser.newContext({ baseURL, timezoneId: 'Asia/Singapore' });
  const otherPage = await other.newPage();
  await signInByApi(otherPage, newAccount('other'));
  const answered = otherPage.waitForResponse((r) => r.url().includes(`/api/child/${mei}/printed-sheets/`));
  await otherPage.goto(url!);
  expect((await answered).status()).toBe(404);
  await expect(otherPage.getByRole('heading', { name: 'Sheet not found' })).toBeVisible();
  await expect(otherPage.getByText('apple')).toHaveCount(0);
  await other.close();
});

test("today's words for a Chinese 听写: one 田字格 box per character, the words only on the key", async ({
  page,
  family,
}) => {
  const { arun } = await meiAndArun(family);
  await page.goto(family.dashboardHref(arun));
  await page.getByRole('link', { name: "Print today's words" }).click();
  await expect(page).toHaveURL(new RegExp(`/print/${arun}/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: "Print Today's words" })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const rows = page.getByTestId('tianzige-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId('tianzige-box')).toHaveCount(4);
  await expect(rows.nth(1).getByTestId('tianzige-box')).toHaveCount(2);
  // At least 14 mm (DESIGN.md); 96 CSS px to the inch.
  const box = await rows.nth(0).getByTestId('tianzige-box').first().boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual((14 / 25.4) * 96);
  const childSheet = page.getByRole('region', { name: "Child's sheet" });
  await expect(childSheet).not.toContainText('春暖花开');
  await expect(childSheet).not.toContainText('朋友');
  const key = page.getByRole('region', { name: 'Answer key' });
  // The key gives each word's pinyin in tone marks (issue 21's default readings), for the parent.
  await expect(key.getByRole('listitem')).toHaveText(['春暖花开 (chūn nuǎn huā kāi)', '朋友 (péng yǒu)']);
  await expect(childSheet).not.toContainText('chūn');
  const qr = await readQr(page);
  expect(qr).toMatch(new RegExp(`/grade/${arun}/[0-9a-f-]{36}$`));

  const printed = await printedPages(page, 'tingxie');
  expect(printed.pages).toHaveLength(2);
  expect(printed.pages[0]).toContain("Today's words · Spelling");
  expect(printed.pages[1]).toContain("Today's words · Answer key");
  expect(printed.pages[1]).toContain('Scan to grade these 2 words on your phone');
  // The pinyin is printed on the key and never on the child's sheet.
  expect(printed.pages[1]).toContain('(chūn nuǎn huā kāi)');
  expect(printed.pages[1]).toContain('(péng yǒu)');
  for (const pinyin of ['chūn', 'nuǎn', 'péng', 'yǒu']) expect(printed.pages[0]).not.toContain(pinyin);
});
