import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@spellwell/shared';
import { HttpError } from '../../lib/errors.js';
import type { MarkingRequest, MarkingResult } from '../marking/mark-sheet.js';
import type { OcrService, ScanResult } from '../ocr/ocr-service.js';
import { SCAN_NICE_DEFAULT, SCAN_NICE_ENV, type ScanReply, type ScanTask } from './scan-protocol.js';

/**
 * The scanner's own words for the same cases (worker-lane.ts), kept here so the pool depends
 * on nothing of the scanner but its entry point.
 */
export const POOL_MESSAGES = {
  timeout: 'Reading the image took too long, so it was stopped. Please try a clearer or smaller photo.',
  closing: 'The server is restarting. Please try again in a moment.',
} as const;

export interface ScanPoolOptions {
  /**
   * Scan processes. Each language is read by one process only (languages are shared out among
   * them), so no language's reader is loaded twice; a process reads one image at a time.
   */
  threads: number;
  /**
   * A scan running longer than this is abandoned and its process ended. Read at each scan's
   * start.
   */
  timeoutMs: number;
  /** A process with nothing to do for this long is ended, and its memory with it. */
  idleMs: number;
  /**
   * How far below the server's own priority the scan processes run, every thread of them
   * (scan-process.ts), `SCAN_NICE_DEFAULT` when not given. 0 runs them at the server's.
   */
  nice?: number;
}

// From source (tests, development) the process runs its TypeScript through tsx; the production
// build (scripts/build.ts) puts a compiled scan-process.mjs beside the server bundle.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
/**
 * V8's young generation in the scan process at most 2 × 2 MB: by default it grows to 2 × 16 MB
 * while a scan allocates and keeps that size, though a scan's large data (pixels, tensors,
 * WebAssembly heaps) lives outside it (docs/performance.md, "Scan memory of the server").
 */
const NODE_FLAGS = ['--max-semi-space-size=2'];
const ENTRY = fileURLToPath(
  FROM_SOURCE
    ? new URL('./scan-process.ts', import.meta.url)
    : new URL('./scan-process.mjs', import.meta.url),
);

interface Job {
  language: Language;
  image: Buffer;
  /** A sheet to mark (issue 39) rather than a list to scan: same processes, same limits. */
  marking?: MarkingRequest;
  resolve: (result: ScanResult | MarkingResult) => void;
  reject: (err: unknown) => void;
}

interface Lane {
  languages: readonly Language[];
  process: ChildProcess | undefined;
  queue: Job[];
  busy: boolean;
  idleTimer: NodeJS.Timeout | undefined;
  /** Languages this lane's process has read since it started (its readers are loaded). */
  loaded: Set<Language>;
}

export interface ScanPool extends OcrService {
  /** Scans waiting for their process, across all languages. */
  readonly waiting: number;
  /** Scans being read now. */
  readonly running: number;
  /** Scan processes alive now, busy or idle (`SCAN_THREADS` at most). */
  readonly threads: number;
  /** Marks a photographed child's sheet (issue 39) in the process that reads `language`. */
  mark(language: Language, image: Buffer, request: MarkingRequest): Promise<MarkingResult>;
}

/**
 * The scanner (`createOcrService`) run in a few child processes: one scan at a time per
 * process, each scan's languages always in the same process. Admission (how many scans, by
 * their cost, may be queued here at once) is the caller's: see admission.ts.
 */
export function createScanPool(options: ScanPoolOptions): ScanPool {
  const count = Math.min(options.threads, LANGUAGES.length);
  const lanes: Lane[] = Array.from({ length: count }, (_, i) => ({
    languages: LANGUAGES.filter((_, j) => j % count === i),
    process: undefined,
    queue: [],
    busy: false,
    idleTimer: undefined,
    loaded: new Set(),
  }));
  const laneOf = (language: Language) => lanes[LANGUAGES.indexOf(language) % count]!;
  let closed = false;
  let running = 0;
  let nextId = 0;

  /** Ends a lane's process now (SIGKILL: what it holds is given back at once, whatever it is doing). */
  function end(lane: Lane) {
    clearTimeout(lane.idleTimer);
    lane.process?.kill('SIGKILL');
    lane.process = undefined;
    lane.loaded.clear();
  }

  function processOf(lane: Lane): ChildProcess {
    if (lane.process && lane.process.exitCode === null && lane.process.connected) return lane.process;
    end(lane);
    const child = fork(ENTRY, [], {
      // Not the server's own flags (--inspect, --cpu-prof…): tsx from source, nothing compiled.
      execArgv: FROM_SOURCE ? ['--import', 'tsx', ...NODE_FLAGS] : NODE_FLAGS,
      env: { ...process.env, [SCAN_NICE_ENV]: String(options.nice ?? SCAN_NICE_DEFAULT) },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // A process that fails outside a scan (it crashed while idle) is replaced on the next scan.
    child.on('error', () => {});
    child.once('exit', () => {
      if (lane.process === child) {
        lane.process = undefined;
        lane.loaded.clear();
      }
    });
    lane.process = child;
    return child;
  }

  function pump(lane: Lane) {
    if (lane.busy || closed) return;
    const job = lane.queue.shift();
    if (!job) return;
    clearTimeout(lane.idleTimer);
    lane.busy = true;
    running++;
    void read(lane, job).finally(() => {
      lane.busy = false;
      running--;
      if (lane.queue.length === 0 && lane.process)
        lane.idleTimer = setTimeout(() => end(lane), options.idleMs).unref();
      pump(lane);
    });
  }

  function read(lane: Lane, { language, image, marking, resolve, reject }: Job): Promise<void> {
    const child = processOf(lane);
    const id = ++nextId;
    return new Promise<void>((done) => {
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        settle();
        done();
      };
      const onMessage = (reply: ScanReply) => {
        if (reply.id !== id) return;
        finish(() => {
          if ('result' in reply) {
            lane.loaded.add(language);
            resolve(reply.result);
          } else if ('marked' in reply) resolve(reply.marked);
          else if ('error' in reply)
            reject(new HttpError(reply.error.statusCode, reply.error.code, reply.error.message));
          else reject(new Error(`scan failed: ${reply.failure}`));
        });
      };
      const onExit = (code: number | null, signal: string | null) =>
        finish(() => {
          if (closed) reject(new HttpError(503, 'closing', POOL_MESSAGES.closing));
          else reject(new Error(`the scan process ended (${signal ?? code}) while reading`));
        });
      // Ending the process of a scan past its time frees all it held.
      const timer = setTimeout(
        () =>
          finish(() => {
            end(lane);
            reject(new HttpError(503, 'scan_timeout', POOL_MESSAGES.timeout));
          }),
        options.timeoutMs,
      );
      child.on('message', onMessage);
      child.once('exit', onExit);
      // The process gets its own copy (the IPC channel copies): the caller's buffer stays usable.
      const task: ScanTask = { id, language, image, ...(marking ? { marking } : {}) };
      child.send(task, (err) => {
        if (err) finish(() => reject(closed ? new HttpError(503, 'closing', POOL_MESSAGES.closing) : err));
      });
    });
  }

  function enqueue<T extends ScanResult | MarkingResult>(
    language: Language,
    image: Buffer,
    marking: MarkingRequest | undefined,
  ): Promise<T> {
    if (closed) return Promise.reject(new HttpError(503, 'closing', POOL_MESSAGES.closing));
    return new Promise<T>((resolve, reject) => {
      const lane = laneOf(language);
      lane.queue.push({ language, image, marking, resolve: resolve as Job['resolve'], reject });
      pump(lane);
    });
  }

  return {
    scan: (language, image) => enqueue<ScanResult>(language, image, undefined),
    mark: (language, image, request) => enqueue<MarkingResult>(language, image, request),
    runningLanguages: () =>
      LANGUAGES.filter((language) => {
        const lane = laneOf(language);
        return lane.loaded.has(language) && lane.process !== undefined;
      }),
    get waiting() {
      return lanes.reduce((sum, lane) => sum + lane.queue.length, 0);
    },
    get running() {
      return running;
    },
    get threads() {
      return lanes.filter((lane) => lane.process !== undefined).length;
    },
    async close() {
      closed = true;
      for (const lane of lanes)
        for (const job of lane.queue.splice(0))
          job.reject(new HttpError(503, 'closing', POOL_MESSAGES.closing));
      await Promise.all(
        lanes.map((lane) => {
          const child = lane.process;
          if (!child || child.exitCode !== null) return end(lane);
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          end(lane);
          return exited;
        }),
      );
    },
  };
}
