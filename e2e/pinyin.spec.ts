import { expect, test, PHONE } from './fixtures';

/**
 * Issue 21: a Chinese word's reading. The practice card and the Word List show pinyin only when
 * asked; Edit Words and Add New Practice show each word's pinyin, and a typed correction is
 * what the server stores and Play Word asks for.
 */
test.describe('pinyin', () => {
  test.use(PHONE);

  test('"Show pinyin" on the card and in the Word List is off by default, and shows the reading', async ({
    page,
    family,
  }) => {
    const child = await family.addChild('Arun');
    const set = await family.addPractice(child, {
      words: ['东西 (dong1 xi5)'],
      description: '听写 3',
      language: 'Chinese',
    });
    const played = page.waitForRequest((r) => r.url().includes('/api/words/read?'));
    await page.goto(`/practice/${child}/${set}`);
    const toggle = page.getByRole('checkbox', { name: 'Show pinyin' });
    await expect(toggle).not.toBeChecked();
    const card = page.getByRole('region', { name: 'Word' });
    await expect(card.getByTestId('pinyin')).toHaveCount(0);
    await toggle.check();
    await expect(card.getByTestId('pinyin')).toHaveText('dōng xi');
    await page.getByRole('button', { name: 'Show Word' }).click();
    await expect(card).toContainText('东西');
    // Play Word asks for the word's reading, not a guess from the characters.
    await page.getByRole('button', { name: 'Play Word' }).click();
    const url = new URL((await played).url());
    expect(url.searchParams.get('word')).toBe('东西');
    expect(url.searchParams.get('reading')).toBe('dong1 xi5');

    await page.getByRole('button', { name: /Word List/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Word List (1 words)' });
    const listToggle = dialog.getByRole('checkbox', { name: 'Show pinyin' });
    await expect(listToggle).not.toBeChecked();
    await expect(dialog.getByTestId('pinyin')).toHaveCount(0);
    await listToggle.check();
    // Each item also offers Record (issue 22), after the word and its pinyin.
    await expect(dialog.getByRole('listitem')).toHaveText([/^东西dōng xi/]);
  });

  test('an English practice has no pinyin toggle', async ({ page, family }) => {
    const child = await family.addChild('Mei');
    const set = await family.addPractice(child, { words: ['apple'] });
    await page.goto(`/practice/${child}/${set}`);
    await expect(page.getByRole('button', { name: 'Show Word' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Show pinyin' })).toHaveCount(0);
  });

  test('Edit Words shows each word’s pinyin, and a correction typed after a word is saved', async ({
    page,
    family,
  }) => {
    const child = await family.addChild('Arun');
    const set = await family.addPractice(child, {
      words: ['银行', '东西'],
      description: '听写 4',
      language: 'Chinese',
    });
    await page.goto(`/edit/${child}/${set}`);
    const pinyin = page.getByRole('region', { name: 'Pinyin' });
    await expect(pinyin.getByRole('listitem')).toHaveText(['银行 yín háng', '东西 dōng xī']);
    await page
      .getByRole('textbox', { name: 'Words' })
      .fill('银行\n东西 (dong1 xi5)\n种花 (zhong4 hua1)\n音乐');
    await expect(pinyin.getByRole('listitem')).toHaveText([
      '银行 yín háng',
      '东西 dōng xi',
      '种花 zhòng huā',
      '音乐 yīn yuè',
    ]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Words Saved' })).toBeVisible();
    const res = await page.request.get(`/api/child/${child}/word-sets/${set}`, { headers: family.headers });
    const words = ((await res.json()) as { words: { wordString: string; reading: string }[] }).words;
    expect(words.map((w) => [w.wordString, w.reading])).toEqual([
      ['银行', 'yin2 hang2'],
      ['东西', 'dong1 xi5'],
      ['种花', 'zhong4 hua1'],
      ['音乐', 'yin1 yue4'],
    ]);
  });

  test('Add New Practice previews the pinyin of a Chinese list only', async ({ page, family }) => {
    const child = await family.addChild('Arun');
    await page.goto(`/add-words/${child}`);
    await page.getByLabel('Language', { exact: true }).selectOption('English');
    await page.getByRole('textbox', { name: 'Words' }).fill('银行');
    await expect(page.getByRole('region', { name: 'Pinyin' })).toHaveCount(0);
    await page.getByLabel('Language', { exact: true }).selectOption('Chinese');
    await expect(page.getByRole('region', { name: 'Pinyin' }).getByRole('listitem')).toHaveText([
      '银行 yín háng',
    ]);
  });
});
