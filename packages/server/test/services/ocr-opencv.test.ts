import { describe, expect, it } from 'vitest';
import { loadOpenCv } from '../../src/modules/ocr/opencv.js';

describe("OpenCV's WebAssembly build", () => {
  it('loads once, usable, and leaves the process-wide error handlers as they were', async () => {
    const before = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
    const { cv } = await loadOpenCv();
    expect((await loadOpenCv()).cv).toBe(cv);
    const mat = new cv.Mat(4, 4, cv.CV_8UC1, new cv.Scalar(7));
    expect(cv.countNonZero(mat)).toBe(16);
    mat.delete();
    expect([process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')]).toEqual(
      before,
    );
  });
});
