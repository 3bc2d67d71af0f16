/**
 * Draws the installed app's icons (issue 23) from public/favicon.svg into public/icons/. Run
 * by hand when the logo changes (`npx tsx packages/web/scripts/icons.ts`); the PNGs are
 * committed, so a build needs neither sharp nor fonts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const logo = readFileSync(path.join(publicDir, 'favicon.svg'));
const THEME = '#2f5bd3';

/** The usual sizes: Android's 192 and 512, Apple's 180 touch icon. */
for (const size of [192, 512, 180]) {
  const name = size === 180 ? 'apple-touch-icon.png' : `icon-${size}.png`;
  await sharp(logo, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toFile(path.join(publicDir, 'icons', name));
}

// A maskable icon keeps its logo inside the middle 80% (the safe zone) on a full-bleed square.
const inner = await sharp(logo, { density: (72 * 400) / 64 })
  .resize(400, 400)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: THEME } })
  .composite([{ input: inner, top: 56, left: 56 }])
  .png()
  .toFile(path.join(publicDir, 'icons', 'maskable-512.png'));
console.info('icons written to public/icons');
