import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OCR_MAX_BYTES } from '@spellwell/shared';
import { buildTestApp, type TestParent } from '../helper.js';
import { multipartBody, renderWorksheet, type UploadFile } from '../support/worksheet-images.js';

const URL = '/api/official-wordset/ocr';
const { app, createParent } = await buildTestApp();
const parent = await createParent();

const png = (bytes: Buffer, name = 'sheet.png'): UploadFile => ({ bytes, name, type: 'image/png' });

/** Each call from a new parent unless one is given, so the per-parent rate limit stays out of the way. */
async function upload(fields: Record<string, string>, file?: UploadFile, as?: TestParent) {
  const sender = as ?? (await createParent());
  const body = await multipartBody({ parentId: sender.id, ...fields }, file);
  return sender.inject({ method: 'POST', url: URL, ...body });
}

/** A valid small PNG whose header (IHDR, with a correct CRC) claims another size. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

const smallSheet = await renderWorksheet({ words: ['apple', 'banana', 'cherry'], language: 'English' });

describe('POST /api/official-wordset/ocr: who may scan', () => {
  it('answers 401 JSON without a token', async () => {
    const body = await multipartBody({ parentId: parent.id, language: 'English' }, png(smallSheet));
    const res = await app.inject({ method: 'POST', url: URL, ...body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'Please sign in again.' });
  });

  it("answers 404 for someone else's parentId", async () => {
    const other = await createParent();
    const res = await upload({ parentId: other.id, language: 'English' }, png(smallSheet));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Parent not found' });
  });

  it('answers 404 for an id that belongs to nobody', async () => {
    const res = await upload({ parentId: randomUUID(), language: 'English' }, png(smallSheet));
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/official-wordset/ocr: the form', () => {
  it.each<{ name: string; fields: Record<string, string>; message: string }>([
    { name: 'a missing language', fields: {}, message: 'Language is required' },
    { name: 'an empty language', fields: { language: '' }, message: 'Language is required' },
    {
      name: 'an unknown language',
      fields: { language: 'Klingon' },
      message: 'Language must be English, Chinese, Malay or Tamil',
    },
  ])('answers 400 for $name', async ({ fields, message }) => {
    const res = await upload(fields, png(smallSheet));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message });
  });

  it('answers 400 for a missing parentId', async () => {
    const body = await multipartBody({ language: 'English' }, png(smallSheet));
    const res = await parent.inject({ method: 'POST', url: URL, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'Not a valid id' });
  });

  it('answers 400 when no file is sent', async () => {
    const res = await upload({ language: 'English' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'file_required', message: 'Please choose an image to scan.' });
  });

  it('answers 415 to a body that is not multipart', async () => {
    const res = await parent.inject({
      method: 'POST',
      url: URL,
      payload: { parentId: parent.id, language: 'English' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'not_multipart',
      message: 'Send the image as multipart/form-data with the fields file, parentId and language.',
    });
  });

  it('reads the fields whatever their order (file last here)', async () => {
    const form = new FormData();
    form.append('language', 'English');
    form.append('parentId', parent.id);
    form.append('file', new Blob([new Uint8Array(smallSheet)], { type: 'image/png' }), 'sheet.png');
    const request = new Response(form);
    const res = await parent.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ text: 'apple\nbanana\ncherry' });
  }, 120_000);
});

describe('POST /api/official-wordset/ocr: bad files', () => {
  const fields = () => ({ language: 'English' });
  const notAnImage = { error: 'unsupported_media_type', message: 'The file is not an image we can read.' };

  it('answers 415 to a text file renamed .png, whatever its declared type', async () => {
    const res = await upload(fields(), png(Buffer.from('1. apple\n2. banana\n'), 'words.png'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(notAnImage);
  });

  it('answers 415 to an SVG, which is a program rather than a photo', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>apple</text></svg>',
    );
    const res = await upload(fields(), { bytes: svg, name: 'sheet.svg', type: 'image/svg+xml' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(notAnImage);
  });

  it.each([
    { name: 'PNG', photo: false },
    { name: 'JPEG', photo: true },
  ])('answers 400 to a truncated $name', async ({ photo }) => {
    const image = await renderWorksheet({ words: ['apple', 'banana'], language: 'English', photo });
    const res = await upload(fields(), png(image.subarray(0, Math.floor(image.length * 0.6))));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_image',
      message: 'The image is damaged or incomplete. Please take the photo again.',
    });
  });

  it.each([
    { width: 10_000, height: 10_000 },
    { width: 8_000, height: 5_001 },
  ])(
    'answers 413 to a $width×$height image from its header alone, before decoding it',
    async ({ width, height }) => {
      const image = await pngClaiming(width, height);
      expect(image.length).toBeLessThan(200);
      const res = await upload(fields(), png(image));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        error: 'image_too_large',
        message: 'The image is too large: at most 40 megapixels. Please use a smaller photo.',
      });
    },
  );

  it('answers 413 to a file over 10 MB', async () => {
    const res = await upload(fields(), png(Buffer.alloc(OCR_MAX_BYTES + 1, 0x89)));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'file_too_large',
      message: 'The image is larger than 10 MB. Please use a smaller photo.',
    });
  });
});

describe('POST /api/official-wordset/ocr: limits', () => {
  it('allows 10 scans a minute per parent, then 429 JSON with Retry-After; other parents are not affected', async () => {
    const busy = await createParent();
    const quiet = await createParent();
    // Requests refused for a missing language still count, and cost no OCR.
    for (let i = 0; i < 10; i++) expect((await upload({}, png(smallSheet), busy)).statusCode).toBe(400);
    const res = await upload({}, png(smallSheet), busy);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many scans. Please try again in 1 minute.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload({}, png(smallSheet), quiet)).statusCode).toBe(400);
  });
});
