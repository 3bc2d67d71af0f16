import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ADMISSION_MESSAGES } from '../../src/modules/scan-pool/admission.js';
import { HEADER_MESSAGES } from '../../src/modules/scan-pool/image-header.js';
import { buildTestApp, type TestParent } from '../helper.js';
import { multipartBody, renderWorksheet, type UploadFile } from '../support/worksheet-images.js';

const URL = '/api/official-wordset/ocr';
const SCANS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/scans');
/** A 12 MP phone photo: 12 MP decoded, and a page of 2400×1800 read at up to twice each way. */
const phonePhoto: UploadFile = {
  bytes: readFileSync(path.join(SCANS, 'en-phone-12mp-exif.jpg')),
  name: 'photo.jpg',
  type: 'image/jpeg',
};
const smallSheet: UploadFile = {
  bytes: await renderWorksheet({ words: ['apple', 'banana', 'cherry'], language: 'English' }),
  name: 'sheet.png',
  type: 'image/png',
};

/** A valid 8×8 PNG whose header (IHDR, with a correct CRC) claims another size: decoded, it is damaged. */
async function pngClaiming(width: number, height: number): Promise<UploadFile> {
  const bytes = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return { bytes, name: 'claims.png', type: 'image/png' };
}

const blank = async (width: number, height: number, format: 'png' | 'avif' = 'png'): Promise<UploadFile> => {
  const image = sharp({ create: { width, height, channels: 3, background: '#fff' } });
  const bytes = await (format === 'avif' ? image.avif({ effort: 0 }) : image.png()).toBuffer();
  return { bytes, name: `blank.${format}`, type: `image/${format}` };
};

async function scan(parent: TestParent, file: UploadFile) {
  const body = await multipartBody({ parentId: parent.id, language: 'English' }, file);
  return parent.inject({ method: 'POST', url: URL, ...body });
}

const busy = { error: 'busy', message: ADMISSION_MESSAGES.busy };

describe('scan admission: one limit on the scan work taken on at once, before decoding', async () => {
  // The smallest admission allowed: room for one of the largest photos (64 megapixels of work).
  const { app, createParent } = await buildTestApp({ SCAN_ADMISSION_MEGAPIXELS: '64' });

  it('refuses a scan at once with 503 and Retry-After while others hold the room, without decoding it', async () => {
    const reading = await createParent();
    const waiting = await createParent();
    const first = scan(reading, phonePhoto);
    while (app.scanAdmission.inUse === 0) await new Promise((resolve) => setImmediate(resolve));
    // 36 MP claimed in a 100-byte file: decoded, it would be found damaged (400).
    const huge = await pngClaiming(6000, 6000);
    const refused = await scan(waiting, huge);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(busy);
    expect(refused.headers['retry-after']).toBe('10');

    const done = await first;
    expect(done.statusCode).toBe(200);
    expect(done.json().text).toContain('necessary');
    expect(app.scanAdmission.inUse).toBe(0);
    // With the room free again the same file is let in, decoded, and found damaged.
    const admitted = await scan(waiting, huge);
    expect(admitted.statusCode).toBe(400);
    expect(admitted.json()).toMatchObject({ error: 'bad_image' });
  }, 300_000);

  it('keeps one parent to half of the room, so another family can still scan', async () => {
    const flooding = await createParent();
    const other = await createParent();
    const first = scan(flooding, phonePhoto);
    while (app.scanAdmission.inUse === 0) await new Promise((resolve) => setImmediate(resolve));
    const second = await scan(flooding, smallSheet);
    expect(second.statusCode).toBe(503);
    expect(second.json()).toEqual({ error: 'busy', message: ADMISSION_MESSAGES.ownBusy });
    expect(second.headers['retry-after']).toBe('10');
    const theirs = await scan(other, smallSheet);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().text).toBe('apple\nbanana\ncherry');
    expect((await first).statusCode).toBe(200);
  }, 300_000);
});

describe('scan admission: images no scan can read are refused from their header', async () => {
  const { app, createParent } = await buildTestApp();
  const parent = await createParent();

  it.each([
    { name: 'one pixel wide', width: 1, height: 800 },
    { name: 'one pixel high', width: 800, height: 1 },
    { name: '15 pixels high', width: 2000, height: 15 },
  ])('answers 422 to an image $name', async ({ width, height }) => {
    const res = await scan(parent, await blank(width, height));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'image_too_small', message: HEADER_MESSAGES.tooSmall });
  });

  it('answers 422 to a strip whose long side is over 50 times its short side', async () => {
    const res = await scan(parent, await blank(5100, 100));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'image_too_narrow', message: HEADER_MESSAGES.tooNarrow });
  });

  it('answers 413 to an AVIF that would take more than the whole admission to decode', async () => {
    // 9 MP: a JPEG that size is read; AVIF is decoded whole, at many times the memory.
    const res = await scan(parent, await blank(3000, 3000, 'avif'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'image_too_large', message: HEADER_MESSAGES.tooCostly });
  });

  it('did none of that work: no scan thread was started', () => {
    expect(app.ocr.runningLanguages()).toEqual([]);
    expect(app.scanAdmission.inUse).toBe(0);
  });
});

describe('the admission setting', () => {
  it('must leave room for the largest photo accepted', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/spellwell-config-test' };
    expect(() => loadConfig({ ...base, SCAN_ADMISSION_MEGAPIXELS: '63' })).toThrow(
      'Invalid environment variable SCAN_ADMISSION_MEGAPIXELS: must be at least 64, what the largest photo accepted costs',
    );
    expect(loadConfig({ ...base, SCAN_ADMISSION_MEGAPIXELS: '64' }).scans.admissionPixels).toBe(64_000_000);
  });
});
