import { afterAll, describe, expect, it, vi } from 'vitest';
import { createOcrService, linesToText, OCR_DEFAULTS, type OcrService } from '../../src/plugins/app/ocr/ocr-service.js';
import { prepareImage } from '../../src/plugins/app/ocr/prepare-image.js';
import { WorkerLane } from '../../src/plugins/app/ocr/worker-lane.js';
import { renderWorksheet } from '../support/worksheet-images.js';

const sheet = await renderWorksheet({ words: ['sekolah', 'rumah', 'kawan baik'], language: 'Malay' });
const services: OcrService[] = [];
const service = (options: Parameters<typeof createOcrService>[0]) => {
  const created = createOcrService(options);
  services.push(created);
  return created;
};
afterAll(() => Promise.all(services.map((s) => s.close())));

describe('the OCR service', () => {
  it('starts a language worker on first use, reuses it, and stops it when idle', async () => {
    const ocr = service({ idleMs: 300 });
    expect(ocr.runningLanguages()).toEqual([]);
    expect(await ocr.scan('Malay', sheet)).toEqual(['sekolah', 'rumah', 'kawan baik']);
    expect(ocr.runningLanguages()).toEqual(['Malay']);
    expect(await ocr.scan('Malay', sheet)).toEqual(['sekolah', 'rumah', 'kawan baik']);
    await vi.waitFor(() => expect(ocr.runningLanguages()).toEqual([]), { timeout: 10_000, interval: 100 });
  }, 120_000);

  it('refuses a scan at once when the queue of its language is full', async () => {
    const lane = new WorkerLane('Malay', { ...OCR_DEFAULTS, maxWaiting: 1 });
    const image = await prepareImage(sheet);
    const reads = [1, 2, 3].map(() => lane.read(image).then((lines) => linesToText(lines), (err: unknown) => err));
    const [first, second, third] = await Promise.all(reads);
    expect(first).toContain('kawan baik');
    expect(second).toContain('kawan baik');
    expect(third).toMatchObject({ statusCode: 503, code: 'busy', message: 'Busy, try again in a moment.' });
    await lane.close();
  }, 120_000);

  it('abandons a scan that takes too long and stops its worker', async () => {
    const ocr = service({ timeoutMs: 1 });
    await expect(ocr.scan('Malay', sheet)).rejects.toMatchObject({
      statusCode: 503,
      code: 'scan_timeout',
      message: 'Reading the image took too long, so it was stopped. Please try a clearer or smaller photo.',
    });
    expect(ocr.runningLanguages()).toEqual([]);
  }, 120_000);

  it('stops every worker on close and refuses new scans', async () => {
    const ocr = service({});
    await ocr.scan('Malay', sheet);
    expect(ocr.runningLanguages()).toEqual(['Malay']);
    await ocr.close();
    expect(ocr.runningLanguages()).toEqual([]);
    await expect(ocr.scan('Malay', sheet)).rejects.toMatchObject({ statusCode: 503, code: 'closing' });
  }, 120_000);
});
