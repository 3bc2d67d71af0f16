import type { Language } from '@spellwell/shared';
import type { MarkingRequest, MarkingResult } from '../marking/mark-sheet.js';
import type { ScanResult } from '../ocr/ocr-service.js';

/**
 * What the server and a scan process (scan-process.ts) say to each other. Kept apart from the
 * process's entry, which starts listening when it is loaded: the server imports only this.
 */
export interface ScanTask {
  id: number;
  language: Language;
  image: Uint8Array;
  /** Marking a photographed sheet (issue 39) instead of scanning a word list. */
  marking?: MarkingRequest;
}

/** An HttpError does not survive the trip between processes as itself: it travels as its parts. */
export type ScanReply = { id: number } & (
  | { result: ScanResult }
  | { marked: MarkingResult }
  | { error: { statusCode: number; code: string; message: string } }
  | { failure: string }
);

/** How far below the server's priority a scan process runs, set by the server (scan-pool.ts). */
export const SCAN_NICE_ENV = 'SPELLWELL_SCAN_NICE';

/**
 * How far below the server's own priority the scan processes run by default, every thread of
 * them (scan-process.ts): when a scan and a family's request both want the CPU, the request goes
 * first. In a worker thread only the thread itself could be lowered, while sharp's decoding ran
 * in libuv's threadpool, shared with the event loop, at the server's priority.
 */
export const SCAN_NICE_DEFAULT = 10;
