import type { Language } from '@spellwell/shared';
import { HttpError } from '../../../lib/errors.js';
import { createOcrService, type ScanResult } from '../ocr/ocr-service.js';

export interface ScanTask {
  language: Language;
  /** The upload's bytes, transferred to this thread (not copied). */
  image: Uint8Array;
}

/** An HttpError does not survive the trip between threads as itself: it travels as its parts. */
export type ScanReply =
  { result: ScanResult } | { error: { statusCode: number; code: string; message: string } };

/**
 * A scan thread: the whole scan (decoding with sharp, flattening with OpenCV, Tesseract, the
 * Chinese re-read) runs here, through the scanner's one entry point, so none of it holds the
 * server's event loop. The thread keeps its service, and with it the languages' workers it has
 * started, until the pool ends it (idle, timed out, or the server closing).
 */
const ocr = createOcrService();

export default async function scan({ language, image }: ScanTask): Promise<ScanReply> {
  try {
    return {
      result: await ocr.scan(language, Buffer.from(image.buffer, image.byteOffset, image.byteLength)),
    };
  } catch (err) {
    if (err instanceof HttpError)
      return { error: { statusCode: err.statusCode, code: err.code, message: err.message } };
    throw err;
  }
}
