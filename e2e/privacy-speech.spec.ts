import { PHONE, expect, test } from './fixtures';

// Issue 17 item 10: the Privacy page says where word audio is made, true in both speech setups.
test.use(PHONE);

const section5 = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: '5. Who else handles your data' });

test('the Privacy page says word audio is made on our servers when speech is local', async ({ page }) => {
  await page.goto('/privacy');
  await expect(section5(page)).toContainText(
    'Word audio is produced on our own servers; no one else hears the words.',
  );
  await expect(section5(page)).not.toContainText('Google Cloud');
});

test('the Privacy page names Google Cloud speech, and what it is sent, when the server uses it', async ({
  page,
}) => {
  // The server's answer as one set up with GOOGLE_TTS_API_KEY gives it (tested on the server).
  await page.route('**/api/auth/config', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), speech: 'google' } });
  });
  await page.goto('/privacy');
  await expect(section5(page)).toContainText(
    'Word audio is made by Google Cloud Text-to-Speech: only the word to be spoken and its language are sent to Google',
  );
  await expect(section5(page)).not.toContainText('produced on our own servers');
});
