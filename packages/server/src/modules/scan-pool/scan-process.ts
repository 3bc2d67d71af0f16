import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { HttpError } from '../../lib/errors.js';
import { markSheet } from '../marking/mark-sheet.js';
import { ModelSessions } from '../ocr/pipeline/onnx-models.js';
import { createOcrService, OCR_DEFAULTS } from '../ocr/ocr-service.js';
import { SCAN_NICE_ENV, type ScanReply, type ScanTask } from './scan-protocol.js';

/**
 * Lowers every thread of this process to `nice`. Linux keeps a priority per thread and a new
 * thread takes its creator's, so once the threads alive now (the main thread, V8's helpers) are
 * lowered, every thread made later is too: libuv's threadpool, where sharp decodes, libvips'
 * and the AV1 decoder's threads, Tesseract's worker, ONNX Runtime's intra-op threads. Elsewhere
 * the priority is the process's.
 */
function lowerPriority(nice: number) {
  let tids: string[] = [];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    // not Linux
  }
  for (const tid of tids) {
    try {
      setPriority(Number(tid), nice);
    } catch {
      // a thread that ended meanwhile
    }
  }
  setPriority(0, nice);
}

const increment = Number(process.env[SCAN_NICE_ENV] ?? 0);
if (increment > 0) lowerPriority(Math.min(19, getPriority(0) + increment));

/**
 * A scan process: the whole scan (decoding with sharp, flattening with OpenCV, Tesseract, the
 * Chinese re-read) runs here, through the scanner's one entry point, so none of it holds the
 * server's event loop or competes with it for the CPU at the server's priority. The process
 * keeps its service, and with it the languages' workers it has started, until the pool ends it
 * (idle, timed out, or the server closing); it ends itself when the server goes.
 */
const ocr = createOcrService();
/** The marker's recogniser (issue 39), started with the first sheet marked here. */
const markingModels = new ModelSessions(OCR_DEFAULTS.idleMs);

async function scan({ id, language, image, marking }: ScanTask): Promise<ScanReply> {
  try {
    const bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
    if (marking) return { id, marked: await markSheet(markingModels, bytes, marking) };
    return {
      id,
      result: await ocr.scan(language, Buffer.from(image.buffer, image.byteOffset, image.byteLength)),
    };
  } catch (err) {
    if (err instanceof HttpError)
      return { id, error: { statusCode: err.statusCode, code: err.code, message: err.message } };
    return { id, failure: err instanceof Error ? err.message : String(err) };
  }
}

process.on('message', (task: ScanTask) => {
  void scan(task).then((reply) => process.send?.(reply));
});
process.on('disconnect', () => process.exit(0));
