import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devices } from '@playwright/test';
import { expect, test } from '../fixtures';
import { fakeMicrophone } from './fake-microphone';
import { writeCharacter } from './hanzi-touch';

/** Issue 35's Chinese, recording and Remove screens on a 360×740 phone (docs/screenshots). */
const out = (name: string) =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots', name);

test.use({
  viewport: { width: 360, height: 740 },
  userAgent: devices['Pixel 7'].userAgent,
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  launchOptions: fakeMicrophone(true),
});

test('Chinese in 楷体, Write it fitting the screen, recording and Remove on a small phone', async ({
  page,
  family,
}) => {
  const arun = await family.addChild('Arun');
  const set = await family.addPractice(arun, {
    words: ['朋友', '学校', '老师', '春暖花开'],
    description: '听写 2',
    language: 'Chinese',
    testInDays: 1,
  });
  await page.goto(`/practice/${arun}/${set}`);
  await page.getByRole('button', { name: 'Show Word' }).click({ timeout: 30_000 });
  const word = (await page.getByRole('region', { name: 'Word' }).locator('[lang="zh-Hans"]').textContent())!;
  await page.getByRole('button', { name: 'Hide Word' }).click();
  const strokes = page.getByRole('region', { name: 'Strokes' });
  await strokes.getByRole('button', { name: 'Write it' }).click();
  const cdp = await page.context().newCDPSession(page);
  for (const [i, char] of [...word].entries()) {
    await expect(strokes.getByRole('status')).toHaveText(new RegExp(`Write character ${i + 1} of`));
    await writeCharacter(page, cdp, char);
  }
  await expect(strokes.getByRole('status')).toHaveText(/Suggested grade/);
  await page.screenshot({ path: out('write-it-360x740.png') });

  await page.getByRole('button', { name: 'Word List' }).click();
  await expect(page.getByRole('dialog', { name: 'Word List (4 words)' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
  await page.screenshot({ path: out('word-list-kai-360x740.png') });

  await page.goto(`/edit/${arun}/${set}`);
  const item = page
    .getByRole('region', { name: 'Your voice' })
    .getByRole('listitem')
    .filter({ hasText: '老师' });
  await item.getByRole('button', { name: 'Record 老师' }).click();
  await expect(page.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  await page.waitForTimeout(1000);
  await item.scrollIntoViewIfNeeded();
  await page.screenshot({ path: out('recording-360x740.png') });
  await page.getByRole('button', { name: 'Stop' }).click();

  await page.getByRole('button', { name: 'Remove 学校' }).click();
  await expect(page.getByRole('dialog', { name: 'Remove “学校”?' })).toBeVisible();
  await page.screenshot({ path: out('remove-word-360x740.png') });
});
