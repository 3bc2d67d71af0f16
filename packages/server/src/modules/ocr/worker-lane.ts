import type { Worker as ThreadWorker } from 'node:worker_threads';
import type { Worker } from 'tesseract.js';
import type { Language } from '@spellwell/shared';
import { HttpError } from '../../lib/errors.js';
import { languageDataPath, TESSERACT_CODES } from './language-data.js';

export interface LaneOptions {
  /** A scan (including starting the worker) is stopped after this long. */
  timeoutMs: number;
  /**
   * A worker left idle this long is stopped to give its memory back, unless its user stops it
   * sooner (`release`: the scanner does when a scan is done with it, ocr-service.ts).
   */
  idleMs: number;
  /** Scans allowed to wait behind the running one; more are refused at once. */
  maxWaiting: number;
}

/** A box on the image read, in pixels. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One word Tesseract read, with its confidence (0 to 100) and where it is. */
export interface OcrWord {
  text: string;
  confidence: number;
  box: Box;
}

/** One line Tesseract read, with its confidence (0 to 100). */
export interface OcrLine {
  text: string;
  confidence: number;
  /** Height of the line's row in pixels, from ascenders to descenders. */
  rowHeight: number;
  box: Box;
  words: OcrWord[];
  /**
   * Lines read by the recognition model (pipeline/read-lines.ts): the probability, 0 to 100,
   * of the character it was least sure of. Tesseract's lines have none.
   */
  least?: number;
}

export const OCR_MESSAGES = {
  busy: 'Busy, try again in a moment.',
  timeout: 'Reading the image took too long, so it was stopped. Please try a clearer or smaller photo.',
  closing: 'The server is restarting. Please try again in a moment.',
} as const;

const noop = () => {};

/**
 * One language's Tesseract worker and its queue: the worker starts on first use, is reused,
 * reads one image at a time (a thread per language, so scans never block the event loop
 * and never start unbounded threads), and is stopped when idle, on a timeout or on failure.
 */
export class WorkerLane {
  private worker: Promise<Worker> | undefined;
  private pending = 0;
  private tail: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    readonly language: Language,
    private readonly options: LaneOptions,
  ) {}

  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Whether no job is running or waiting. */
  get idle(): boolean {
    return this.pending === 0;
  }

  /**
   * Stops the worker now if it has nothing to do: Tesseract's WebAssembly heap grows to the
   * largest image it read and never shrinks, and beside it the next scan's models would not fit.
   */
  async release(): Promise<void> {
    if (this.idle) await this.stopWorker();
  }

  /**
   * Starts the worker ahead of its first job: its start (Tesseract's WebAssembly and the
   * language's model, on the worker's own thread) then runs beside the caller's own work (the
   * page being flattened) instead of after it. Stopped like any worker: by `release`, by the
   * idle time when no job comes, or by `close`.
   */
  warm(): void {
    if (this.closed) return;
    void this.startWorker();
    if (this.idle) {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => void this.stopWorker(), this.options.idleMs).unref();
    }
  }

  /** Reads one image. */
  read(image: Buffer): Promise<OcrLine[]> {
    return this.run((recognize) => recognize(image));
  }

  /**
   * Runs a task that may read several images (a second pass at a better size) as one job:
   * one place in the queue, one timeout. When `stop` rejects first (a budget spent,
   * pipeline/budget.ts), the job is abandoned as on a timeout, with `stop`'s error.
   */
  run<T>(
    task: (recognize: (image: Buffer) => Promise<OcrLine[]>) => Promise<T>,
    stop?: Promise<never>,
  ): Promise<T> {
    if (this.closed) return Promise.reject(new HttpError(503, 'closing', OCR_MESSAGES.closing));
    if (this.pending > this.options.maxWaiting)
      return Promise.reject(new HttpError(503, 'busy', OCR_MESSAGES.busy));
    this.pending++;
    clearTimeout(this.idleTimer);
    const job = this.tail.then(() => {
      let abandoned = false;
      // Once its job is abandoned, a task that is still running may not start another read.
      const recognize = (image: Buffer) =>
        abandoned ? Promise.reject(new Error('OCR job was abandoned')) : this.recognize(image);
      return this.withTimeout(
        () => task(recognize),
        () => (abandoned = true),
        stop,
      );
    });
    this.tail = job.then(noop, noop);
    return job.finally(() => {
      this.pending--;
      if (this.pending === 0 && !this.closed) {
        this.idleTimer = setTimeout(() => void this.stopWorker(), this.options.idleMs).unref();
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    await this.stopWorker();
  }

  private async recognize(image: Buffer): Promise<OcrLine[]> {
    if (this.closed) throw new HttpError(503, 'closing', OCR_MESSAGES.closing);
    const starting = this.startWorker();
    const worker = await starting;
    // A timeout may have retired this worker while it started; a stopped worker must not be
    // sent work (tesseract.js would fail where no one can catch it).
    if (this.worker !== starting) throw new Error('OCR worker was stopped');
    const { data } = await worker.recognize(image, {}, { text: false, blocks: true });
    return (data.blocks ?? []).flatMap((block) =>
      block.paragraphs.flatMap((paragraph) =>
        paragraph.lines.map((line) => ({
          text: line.text.trim(),
          confidence: line.confidence,
          rowHeight: line.rowAttributes.rowHeight,
          box: line.bbox,
          words: line.words.map((word) => ({ text: word.text, confidence: word.confidence, box: word.bbox })),
        })),
      ),
    );
  }

  /** A scan that overruns is abandoned: its worker is stopped, and the next scan starts a new one. */
  private async withTimeout<T>(
    work: () => Promise<T>,
    abandon: () => void,
    stop?: Promise<never>,
  ): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new HttpError(503, 'scan_timeout', OCR_MESSAGES.timeout)),
        this.options.timeoutMs,
      );
    });
    const running = work();
    running.catch(noop);
    try {
      return await Promise.race(stop ? [running, timeout, stop] : [running, timeout]);
    } catch (err) {
      abandon();
      await this.stopWorker();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  private startWorker(): Promise<Worker> {
    // Loaded with the first worker, so an idle server does not carry tesseract.js.
    this.worker ??= import('tesseract.js').then(({ createWorker, OEM, PSM }) =>
      createWorker(TESSERACT_CODES[this.language], OEM.LSTM_ONLY, {
        langPath: languageDataPath(this.language),
        gzip: true,
        // The default cache writes the unpacked model into the current folder.
        cacheMethod: 'none',
        // Without a handler, tesseract.js throws a failed job's error where nothing can catch it.
        errorHandler: noop,
      }).then(async (worker) => {
        // A crash inside the thread would otherwise be an uncaught 'error' in the server.
        (worker as unknown as { worker: ThreadWorker }).worker.on('error', () => void this.stopWorker());
        // One uniform block of text: measured better than automatic layout on word lists,
        // which split the numbers from the words.
        // Tesseract's diagnostics ("Image too small to scale!!") would go to the server's stdout.
        await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, debug_file: '/dev/null' });
        return worker;
      }),
    );
    const starting = this.worker;
    starting.catch(() => {
      if (this.worker === starting) this.worker = undefined;
    });
    return starting;
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    clearTimeout(this.idleTimer);
    if (!worker) return;
    // Let a recognize call that has already begun hand its image to the thread first.
    await new Promise((resolve) => setImmediate(resolve));
    await worker.then((w) => w.terminate()).catch(noop);
  }
}
