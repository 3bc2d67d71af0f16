import { renderWorksheet } from '../packages/server/test/support/worksheet-images';
import { expect, test } from './fixtures';

// Issue 35 item 6: after a scan on a phone the review is what the screen shows, not an empty
// Words box with the review further down; its button says how many words it adds.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test(`on a ${viewport.width}×${viewport.height} phone the scan review is on screen, and its button counts the words`, async ({
    page,
    family,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const mei = await family.addChild('Mei');
    const list = ['garden', 'window', 'yellow', 'pencil'];
    const image = await renderWorksheet({ words: list, language: 'English' });
    await page.goto(`/add-words/${mei}`);
    await page.getByLabel('Language', { exact: true }).selectOption('English');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/official-wordset/ocr'), {
      timeout: 100_000,
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'click here to try to scan an image of the words' }).click();
    await (await chooser).setFiles({ name: 'worksheet.png', mimeType: 'image/png', buffer: image });
    expect((await answer).status()).toBe(200);

    const heading = page.getByRole('heading', { name: 'Check the scanned words' });
    await expect(heading).toBeFocused();
    // The review's heading and its first line are inside the viewport, without the parent scrolling.
    for (const target of [heading, page.getByRole('textbox', { name: 'Scanned word 1' })]) {
      const box = (await target.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    }
    const add = page.getByRole('button', { name: 'Add 4 words', exact: true });
    await expect(add).toBeVisible();
    // One line removed: the count follows.
    await page.getByRole('button', { name: 'Remove pencil' }).click();
    await page.getByRole('button', { name: 'Add 3 words', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Words' })).toHaveValue('garden\nwindow\nyellow');
  });
}
