import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * The URL in the page's QR code (`data-testid="sheet-qr"`), decoded from a screenshot of it.
 * Read until it decodes: a late reflow (a web font arriving on a busy machine) can move the
 * code while the screenshot is taken, and a cut code reads as nothing (a CI run's print test).
 * What it decodes to is the test's to check.
 */
export async function readQr(page: Page): Promise<string> {
  const qr = page.getByTestId('sheet-qr');
  await expect(qr).toHaveAttribute('data-ready', 'yes');
  let data: string | null = null;
  await expect
    .poll(
      async () => {
        const png = PNG.sync.read(await qr.screenshot());
        data = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
        return data;
      },
      { message: 'the QR code decodes' },
    )
    .not.toBeNull();
  return data!;
}
