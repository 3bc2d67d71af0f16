import AxeBuilder from '@axe-core/playwright';
import { expect, newAccount, practices, signInByApi, test } from './fixtures';
import { readQr } from './support/qr';

// Issue 37, item 5: Mum shares a list by a code; another parent types it, sees the words, adds
// it for their child (asked before a second copy); once Mum stops sharing, the code says so.

test('a list shared by a code is added by another family, asked before a second copy, and stopped', async ({
  page,
  family,
  browser,
  baseURL,
}) => {
  const wei = await family.addChild('Wei');
  const setId = await family.addPractice(wei, {
    words: ['apple', 'banana', 'cherry'],
    description: 'Unit 3',
  });

  // Mum shares it from the set's page.
  await page.goto(`/edit/${wei}/${setId}`);
  await page.getByRole('button', { name: 'Share this list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share “Unit 3”' });
  const codeText = dialog.getByTestId('share-code');
  await expect(codeText).toHaveText(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  const code = (await codeText.textContent())!;
  const url = (await dialog.getByTestId('share-url').textContent())!;
  expect(url).toBe(`${baseURL}/shared/${code}`);
  expect(await readQr(page)).toBe(url);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Another parent, in their own browser, types the code as people do: lower case, no dashes.
  const other = await browser.newContext({ baseURL, timezoneId: 'Asia/Singapore' });
  const otherPage = await other.newPage();
  const { userId, accessToken } = await signInByApi(otherPage, newAccount('other'));
  const made = await otherPage.request.post(`/api/child/create/${userId}`, {
    data: { childName: 'Mei' },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const mei = ((await made.json()) as { id: string }).id;
  await otherPage.goto(`/add-words/${mei}`);
  await otherPage
    .getByRole('textbox', { name: 'Code from another parent' })
    .fill(code.toLowerCase().replaceAll('-', ''));
  await otherPage.getByRole('button', { name: 'Open shared list' }).click();
  await expect(otherPage).toHaveURL(new RegExp(`/shared/${code}\\?child=${mei}$`));
  await expect(otherPage.getByTestId('shared-description')).toHaveText('Unit 3');
  await expect(otherPage.getByRole('list', { name: 'Words' }).getByRole('listitem')).toHaveText([
    'apple',
    'banana',
    'cherry',
  ]);
  await expect(otherPage.getByText('Wei')).toHaveCount(0);
  expect((await new AxeBuilder({ page: otherPage }).analyze()).violations).toEqual([]);

  await otherPage.getByRole('button', { name: 'Add to Mei' }).click();
  await expect(otherPage).toHaveURL(new RegExp(`/dashboard/${userId}\\?child=${mei}`));
  await expect(practices(otherPage, 'Mei')).toHaveCount(1);
  await expect(practices(otherPage, 'Mei').first()).toContainText('Unit 3');

  // Twice: asked first; Cancel adds nothing, the second copy only when agreed.
  await otherPage.goto(`/shared/${code}?child=${mei}`);
  await otherPage.getByRole('button', { name: 'Add to Mei' }).click();
  const ask = otherPage.getByRole('dialog', { name: 'Add it again?' });
  await expect(ask).toContainText('Mei already has this list. Add a second copy?');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await otherPage.getByRole('button', { name: 'Add to Mei' }).click();
  await ask.getByRole('button', { name: 'Add a second copy' }).click();
  await expect(otherPage).toHaveURL(new RegExp(`/dashboard/${userId}`));
  await expect(practices(otherPage, 'Mei')).toHaveCount(2);

  // The printed key of the shared list carries its code.
  await page.goto(`/print/${wei}?set=${setId}`);
  await expect(page.getByTestId('key-share-code')).toContainText(`Shared list code: ${code}`);

  // Mum stops sharing: the other parent's next look says so plainly.
  await page.goto(`/edit/${wei}/${setId}`);
  await page.getByRole('button', { name: 'Share this list' }).click();
  await expect(dialog.getByTestId('share-code')).toHaveText(code);
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(dialog).toContainText('This list is no longer shared.');
  await otherPage.goto(`/shared/${code}`);
  await expect(otherPage.getByText('No longer shared', { exact: true })).toBeVisible();
  await expect(
    otherPage.getByText('This list is no longer shared. Ask the person who shared it for a new code.'),
  ).toBeVisible();
  await expect(otherPage.getByRole('button', { name: /Add to/ })).toHaveCount(0);
  await other.close();
});
