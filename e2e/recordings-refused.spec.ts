import { expect, test } from './fixtures';
import { fakeMicrophone } from './support/fake-microphone';

// A microphone is there, but the permission prompt is not answered yes: Chromium refuses it.
test.use({ launchOptions: fakeMicrophone(false) });

test('recording with the microphone refused says it is blocked and how to allow it', async ({
  page,
  family,
}) => {
  const childId = await family.addChild('Mei');
  const wordSetId = await family.addPractice(childId, { words: ['rainbow'] });
  await page.goto(`/edit/${childId}/${wordSetId}`);
  await page.getByRole('button', { name: 'Record rainbow' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The microphone is blocked. Allow SpellWell to use the microphone in the browser’s settings, then try again.',
  );
  await expect(page.getByRole('button', { name: 'Record rainbow' })).toBeEnabled();
});
