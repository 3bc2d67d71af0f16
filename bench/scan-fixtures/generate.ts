/**
 * Makes the committed scan fixture set the way reality makes such images: each worksheet is
 * rendered as HTML in Chromium, then "photographed" in software (a perspective warp onto a
 * desk, a shadow across the page, uneven warm light, blur, sensor noise, JPEG, sometimes an
 * EXIF rotation) or kept as a flat page or a phone screenshot.
 *
 *   npx tsx bench/scan-fixtures/generate.ts [name-filter[,name-filter…]]
 *
 * Needs Chromium (/usr/bin/chromium) and the Noto CJK / Tamil fonts. Tests only read the
 * images and packages/server/test/fixtures/scans/manifest.json, so fonts do not matter there.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import sharp from 'sharp';
import { loadOpenCv } from '../../packages/server/src/modules/ocr/opencv.js';
import { SHEETS, type Capture, type Desk, type Sheet } from './sheets.js';
import { FIFTH_SHEETS } from './sheets-fifth.js';
import { PALE_DESK_SHEETS } from './sheets-pale-desk.js';
import { SHADOW_SHEETS } from './sheets-shadows.js';
import { UNSEEN_SHEETS } from './sheets-unseen.js';

const OUT = fileURLToPath(new URL('../../packages/server/test/fixtures/scans/', import.meta.url));

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function render(sheet: Sheet, browser: import('playwright').Browser): Promise<Buffer> {
  const screenshot = sheet.capture.kind === 'screenshot';
  const context = await browser.newContext({
    viewport: { width: sheet.width ?? 794, height: screenshot ? 892 : 1123 },
    deviceScaleFactor: screenshot ? 2.625 : 2,
  });
  const tab = await context.newPage();
  await tab.setContent(sheet.html, { waitUntil: 'load' });
  await tab.evaluate(() => document.fonts.ready);
  const png = await tab.screenshot({ fullPage: !screenshot, type: 'png' });
  await context.close();
  return png;
}

/** A desk under the page: wood grain, a grey laminate, a dark table or a pale beech desk. */
function desk(kind: Desk, width: number, height: number, random: () => number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  const base = { wood: [150, 105, 62], grey: [128, 128, 124], dark: [48, 44, 42], light: [206, 188, 156] }[
    kind
  ];
  const phase = random() * 10;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grain =
        kind === 'wood'
          ? Math.sin(y / 9 + Math.sin(x / 140 + phase) * 3) * 14 + Math.sin(y / 2.3) * 5
          : kind === 'light'
            ? Math.sin(x / 23 + Math.sin(y / 310 + phase) * 2) * 7
            : 0;
      const speck = (random() - 0.5) * (kind === 'grey' ? 26 : 18);
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) rgb[i + c] = Math.max(0, Math.min(255, base[c]! + grain + speck));
    }
  }
  return rgb;
}

async function photograph(page: Buffer, capture: Extract<Capture, { kind: 'phone' }>): Promise<Buffer> {
  const { cv } = await loadOpenCv();
  const random = seededRandom(capture.seed);
  const W = 3024;
  const H = 4032;
  const { data: pageRgb, info } = await sharp(page).removeAlpha().raw().toBuffer({ resolveWithObject: true });

  // Where the page's corners land in the frame: the sheet fills most of it, tilted and in perspective.
  const pageH = H * (0.78 + random() * 0.08);
  const pageW = pageH * (info.width / info.height);
  const cx = W / 2 + (random() - 0.5) * 160;
  const cy = H / 2 + (random() - 0.5) * 160;
  const angle = ((random() - 0.5) * 10 * Math.PI) / 180;
  // The top edge is further from the camera (the same draw from the seed either way, so the
  // older photos are made as before).
  const keystone = 0.03 + random() * 0.05;
  const top = 1 - (capture.keystone ?? keystone);
  const right = 1 - (capture.sideways ?? 0);
  const corners = [
    [(-pageW / 2) * top, -pageH / 2],
    [(pageW / 2) * top, (-pageH / 2) * right],
    [pageW / 2, (pageH / 2) * right],
    [-pageW / 2, pageH / 2],
  ].map(([x, y]) => [
    cx + x! * Math.cos(angle) - y! * Math.sin(angle) + (random() - 0.5) * 40,
    cy + x! * Math.sin(angle) + y! * Math.cos(angle) + (random() - 0.5) * 40,
  ]);
  const src = cv.matFromArray(4, 1, cv.CV_32FC2, [
    0,
    0,
    info.width,
    0,
    info.width,
    info.height,
    0,
    info.height,
  ]);
  const dst = cv.matFromArray(4, 1, cv.CV_32FC2, corners.flat());
  const transform = cv.getPerspectiveTransform(src, dst);
  const pageMat = cv.matFromArray(info.height, info.width, cv.CV_8UC3, pageRgb);
  const warped = new cv.Mat();
  cv.warpPerspective(
    pageMat,
    warped,
    transform,
    new cv.Size(W, H),
    cv.INTER_LINEAR,
    cv.BORDER_CONSTANT,
    new cv.Scalar(0, 0, 0),
  );
  const ones = new cv.Mat(info.height, info.width, cv.CV_8UC1, new cv.Scalar(255));
  const mask = new cv.Mat();
  cv.warpPerspective(
    ones,
    mask,
    transform,
    new cv.Size(W, H),
    cv.INTER_LINEAR,
    cv.BORDER_CONSTANT,
    new cv.Scalar(0),
  );
  const paper = new Uint8Array(warped.data);
  const alpha = new Uint8Array(mask.data);
  for (const m of [src, dst, transform, pageMat, warped, ones, mask]) m.delete();

  const out = desk(capture.desk, W, H, random);
  // Light: warm, brighter at one corner; a soft shadow (a hand or the phone) across one side.
  const lightX = random() * W;
  const lightY = random() * H * 0.5;
  // Drawn even when given, so that every later draw (and so every older photo) stays the same.
  const drawnAngle = random() * Math.PI * 2;
  const shadowAngle = capture.shadowAngle === undefined ? drawnAngle : (capture.shadowAngle * Math.PI) / 180;
  const sx = Math.cos(shadowAngle);
  const sy = Math.sin(shadowAngle);
  const shadowOffset = (random() - 0.3) * 0.5 * Math.min(W, H);
  const drawnDepth = 0.45 + random() * 0.15;
  const shadowDepth = capture.shadow ?? drawnDepth;
  const diagonal = Math.hypot(W, H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const a = alpha[p]! / 255;
      const distance = Math.hypot(x - lightX, y - lightY) / diagonal;
      const signed = (x - W / 2) * sx + (y - H / 2) * sy - shadowOffset;
      const shade = 1 - shadowDepth / (1 + Math.exp(-signed / 90));
      const light = (1.02 - distance * 0.35) * shade;
      for (let c = 0; c < 3; c++) {
        const tint = [1, 0.97, 0.9][c]!;
        const v = (paper[p * 3 + c]! * 0.93 + 6) * a + out[p * 3 + c]! * (1 - a);
        out[p * 3 + c] = Math.max(0, Math.min(255, v * light * tint + (random() - 0.5) * 18));
      }
    }
  }
  const megapixels = capture.megapixels;
  const scale = Math.min(1, Math.sqrt((megapixels * 1_000_000) / (W * H)));
  let pipeline = sharp(Buffer.from(out.buffer), { raw: { width: W, height: H, channels: 3 } })
    .blur(1.3)
    .resize({ width: Math.round(W * scale) });
  let bytes = await pipeline.jpeg({ quality: 82 }).toBuffer();
  if (capture.exif) {
    // Stored as the sensor saw it, with the EXIF tag that turns it upright.
    const undo = { 6: 270, 8: 90, 3: 180 }[capture.exif];
    pipeline = sharp(bytes).rotate(undo);
    bytes = await pipeline.withMetadata({ orientation: capture.exif }).jpeg({ quality: 82 }).toBuffer();
  }
  return bytes;
}

async function flatten(png: Buffer): Promise<Buffer> {
  // A flat page as a scanner saves it: 150 dpi, grey.
  return sharp(png)
    .resize({ width: 1240 })
    .greyscale()
    .png({ compressionLevel: 9, palette: true, colours: 32 })
    .toBuffer();
}

async function main() {
  // Several names may be given, comma-separated.
  const filters = process.argv[2]?.split(',') ?? [];
  await mkdir(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const manifest: { file: string; language: string; kind: string; description: string; words: string[] }[] =
    [];
  try {
    for (const sheet of [
      ...SHEETS,
      ...UNSEEN_SHEETS,
      ...FIFTH_SHEETS,
      ...SHADOW_SHEETS,
      ...PALE_DESK_SHEETS,
    ]) {
      const capture = sheet.capture;
      const file = `${sheet.name}.${capture.kind === 'phone' ? 'jpg' : 'png'}`;
      manifest.push({
        file,
        language: sheet.language,
        kind: capture.kind,
        description: sheet.description,
        words: sheet.words,
      });
      if (filters.length > 0 && !filters.some((f) => sheet.name.includes(f))) continue;
      const rendered = await render(sheet, browser);
      const image =
        capture.kind === 'phone'
          ? await photograph(rendered, capture)
          : capture.kind === 'flat'
            ? await flatten(rendered)
            : await sharp(rendered).png({ compressionLevel: 9, palette: true }).toBuffer();
      await writeFile(path.join(OUT, file), image);
      const meta = await sharp(image).metadata();
      console.info(`${file.padEnd(28)} ${meta.width}×${meta.height} ${(image.length / 1024).toFixed(0)} KB`);
    }
  } finally {
    await browser.close();
  }
  await writeFile(path.join(OUT, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

await main();
