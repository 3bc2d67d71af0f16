import { Worker } from 'node:worker_threads';
import type { Language, SpeechSpeed } from '@spellwell/shared';
import { SpeechBusyError, SpeechTimeoutError } from './errors.js';
import type { SynthReply, SynthRequest } from './synth-worker.js';

export interface SynthPoolOptions {
  /** Worker threads; each holds one espeak instance at a time, and its memory while running. */
  size: number;
  /** Jobs waiting for a worker beyond this are refused at once (SpeechBusyError). */
  queueLimit: number;
  /** From submission to result; a job past it is dropped and its worker replaced. */
  timeoutMs: number;
  /**
   * A thread with nothing to do for this long is ended. Each holds its own V8 heap and
   * WebAssembly memory (tens of MB); after a set's words are pre-synthesised the pool would
   * otherwise keep them for the life of the server (docs/performance.md, memory).
   */
  idleMs: number;
}

interface Job {
  request: SynthRequest;
  resolve: (audio: Buffer) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
  slot?: Slot;
}

interface Slot {
  worker: Worker;
  job?: Job;
  idleTimer?: NodeJS.Timeout;
}

// From source (tests, development) the thread boots tsx first; the production build
// (scripts/build.ts) puts a compiled synth-worker.mjs beside the server bundle.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const BOOT = FROM_SOURCE
  ? new URL('./synth-worker-boot.mjs', import.meta.url)
  : new URL('./synth-worker.mjs', import.meta.url);
const ENTRY = new URL('./synth-worker.ts', import.meta.url).href;

/** A small fixed pool of synthesis threads with a bounded FIFO queue and a deadline per job. */
export function createSynthPool(options: SynthPoolOptions) {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(BOOT, { workerData: { entry: ENTRY } }) };
    slot.worker.unref();
    slot.worker.on('message', (reply: SynthReply) => {
      const job = slot.job;
      if (!job || job.request.id !== reply.id) return;
      slot.job = undefined;
      finish(job, 'error' in reply ? new Error(reply.error) : Buffer.from(reply.audio));
      pump();
      if (!slot.job) slot.idleTimer = setTimeout(() => retire(slot), options.idleMs).unref();
    });
    // A crashed worker fails its job and gives up its place; the next job spawns a new one.
    const lost = (err: Error) => {
      drop(slot);
      if (slot.job) finish(slot.job, err);
      slot.job = undefined;
      pump();
    };
    slot.worker.on('error', lost);
    slot.worker.on('exit', (code) => {
      if (slots.includes(slot)) lost(new Error(`speech worker exited with code ${code}`));
    });
    slots.push(slot);
    return slot;
  }

  /** Takes the thread out of the pool; false when it was already out (ended or replaced). */
  function drop(slot: Slot): boolean {
    const i = slots.indexOf(slot);
    if (i < 0) return false;
    slots.splice(i, 1);
    return true;
  }

  function retire(slot: Slot) {
    if (!slot.job && drop(slot)) void slot.worker.terminate();
  }

  function finish(job: Job, outcome: Buffer | Error) {
    clearTimeout(job.timer);
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
  }

  function pump() {
    while (queue.length > 0 && !closed) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < options.size ? spawn() : undefined);
      if (!slot) return;
      const job = queue.shift()!;
      clearTimeout(slot.idleTimer);
      slot.job = job;
      job.slot = slot;
      slot.worker.postMessage(job.request);
    }
  }

  function expire(job: Job) {
    const queued = queue.indexOf(job);
    if (queued >= 0) queue.splice(queued, 1);
    const slot = job.slot;
    if (slot?.job === job) {
      // The WebAssembly may be stuck: replace the thread rather than wait for it.
      drop(slot);
      slot.job = undefined;
      void slot.worker.terminate();
    }
    job.reject(new SpeechTimeoutError());
    pump();
  }

  return {
    synthesize(word: string, language: Language, speed?: SpeechSpeed): Promise<Buffer> {
      if (closed) return Promise.reject(new Error('speech pool is closed'));
      const busy = slots.filter((s) => s.job).length;
      if (busy >= options.size && queue.length >= options.queueLimit)
        return Promise.reject(new SpeechBusyError());
      return new Promise<Buffer>((resolve, reject) => {
        const job: Job = {
          request: { id: nextId++, word, language, speed },
          resolve,
          reject,
          timer: undefined!,
        };
        job.timer = setTimeout(() => expire(job), options.timeoutMs);
        queue.push(job);
        pump();
      });
    },
    /** Jobs waiting for a thread (not counting the running ones). */
    get queued() {
      return queue.length;
    },
    /** Threads alive now, busy or idle. */
    get threads() {
      return slots.length;
    },
    async close(): Promise<void> {
      closed = true;
      for (const job of queue.splice(0)) finish(job, new Error('speech pool closed'));
      const running = slots.splice(0);
      for (const slot of running) {
        clearTimeout(slot.idleTimer);
        if (slot.job) finish(slot.job, new Error('speech pool closed'));
      }
      await Promise.all(running.map((s) => s.worker.terminate()));
    },
  };
}

export type SynthPool = ReturnType<typeof createSynthPool>;
