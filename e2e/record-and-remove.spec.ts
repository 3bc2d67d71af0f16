import { formatDisplayDate } from '@spellwell/shared';
import type { Page } from '@playwright/test';
import { expect, PHONE, test, type Family } from './fixtures';
import { fakeMicrophone } from './support/fake-microphone';

/*
 * Issue 35, item 9, on a phone with a fake microphone (support/fake-microphone.ts): a large
 * Record button and a level meter while recording; a take redone from the practice's Word
 * List; one word removed from Edit Words after a confirmation that says its progress goes.
 */
interface Word {
  id: string;
  wordString: string;
  easeFactor: number;
  interval: number;
  nextReview: string | null;
  hasRecording: boolean;
}

async function wordsOf(page: Page, family: Family, childId: string, wordSetId: string) {
  const res = await page.request.get(`/api/child/${childId}/word-sets/${wordSetId}`, {
    headers: family.headers,
  });
  return ((await res.json()) as { words: Word[] }).words;
}

const recordingSaved = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/api/words/recording/') && r.request().method() === 'PUT');

test.use({ ...PHONE, launchOptions: fakeMicrophone(true) });

test('recording shows a large round Record, a level meter that moves with the voice, and is redone from the Word List', async ({
  page,
  family,
}) => {
  const childId = await family.addChild('Mei');
  const wordSetId = await family.addPractice(childId, { words: ['rainbow'], description: 'Weather' });
  await page.goto(`/edit/${childId}/${wordSetId}`);
  const record = page.getByRole('button', { name: 'Record rainbow' });
  const size = (await record.boundingBox())!;
  expect(size.height, 'Record is a large button').toBeGreaterThanOrEqual(56);

  await record.click();
  await expect(page.getByRole('status').filter({ hasText: 'Recording… say the word' })).toBeVisible();
  const meter = page.getByRole('meter', { name: 'Microphone level' });
  await expect(meter).toBeVisible();
  // The fake microphone says "rainbow" on a loop: the meter rises above silence.
  await expect
    .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 5_000 })
    .toBeGreaterThan(5);
  const stop = page.getByRole('button', { name: 'Stop' });
  expect((await stop.boundingBox())!.height, 'Stop is a large button').toBeGreaterThanOrEqual(56);
  await stop.click();
  await expect(meter).toBeHidden();
  const kept = recordingSaved(page);
  await page.getByRole('button', { name: 'Keep' }).click();
  expect((await kept).status()).toBe(200);

  // The practice's Word List: the recorded word offers a redo.
  await page.goto(`/practice/${childId}/${wordSetId}`);
  await page.getByRole('button', { name: 'Word List' }).click();
  const item = page
    .getByRole('dialog', { name: 'Word List (1 words)' })
    .getByRole('listitem')
    .filter({ hasText: 'rainbow' });
  await expect(item).toContainText('Your voice');
  await item.getByRole('button', { name: 'Redo the recording of rainbow' }).click();
  const recorder = item.getByRole('group', { name: 'Your voice for rainbow' });
  await recorder.getByRole('button', { name: 'Record rainbow' }).click();
  await expect(recorder.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  await page.waitForTimeout(1000);
  await recorder.getByRole('button', { name: 'Stop' }).click();
  const redone = recordingSaved(page);
  await recorder.getByRole('button', { name: 'Keep' }).click();
  expect((await redone).status()).toBe(200);
  await expect(item.getByRole('button', { name: 'Redo the recording of rainbow' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  expect(await wordsOf(page, family, childId, wordSetId)).toEqual([
    expect.objectContaining({ wordString: 'rainbow', hasRecording: true }),
  ]);
});

test('one word is removed from Edit Words after a confirmation that says its progress goes; the others keep theirs', async ({
  page,
  family,
}) => {
  const childId = await family.addChild('Mei');
  const wordSetId = await family.addPractice(childId, {
    words: ['rainbow', 'cloud', 'storm'],
    description: 'Weather',
  });
  for (const word of await wordsOf(page, family, childId, wordSetId)) {
    const res = await page.request.post(`/api/words/update/${childId}/${word.id}`, {
      data: { quality: 3 },
      headers: family.headers,
    });
    expect(res.status()).toBe(200);
  }
  const before = await wordsOf(page, family, childId, wordSetId);
  const cloud = before.find((w) => w.wordString === 'cloud')!;

  await page.goto(`/edit/${childId}/${wordSetId}`);
  await page.getByRole('button', { name: 'Remove cloud' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove “cloud”?' });
  await expect(dialog).toContainText(
    `Its progress goes with it: it was next due ${formatDisplayDate(cloud.nextReview!)}, and added again it starts from the beginning. This cannot be undone.`,
  );
  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await wordsOf(page, family, childId, wordSetId)).toEqual(before);

  await page.getByRole('button', { name: 'Remove cloud' }).click();
  await dialog.getByRole('button', { name: 'Remove word' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Remove cloud' })).toHaveCount(0);
  // The textarea follows, so Save does not bring the word back.
  await expect(page.getByLabel('Words')).toHaveValue('rainbow\nstorm');
  const after = await wordsOf(page, family, childId, wordSetId);
  expect(after).toEqual(before.filter((w) => w.wordString !== 'cloud'));

  // The last word goes only with the practice: it has no Remove.
  await page.getByRole('button', { name: 'Remove storm' }).click();
  await page
    .getByRole('dialog', { name: 'Remove “storm”?' })
    .getByRole('button', { name: 'Remove word' })
    .click();
  await expect(page.getByRole('button', { name: 'Remove storm' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
});
