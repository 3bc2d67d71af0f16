import { BoundedMap } from '@spellwell/shared';
import { SpeechBusyError, SpeechTimeoutError } from './errors.js';

export interface FairQueueOptions {
  /** Tasks running at once (the synthesis threads behind them). */
  concurrency: number;
  /** Tasks one owner may have waiting; more are refused (SpeechBusyError). */
  perOwnerLimit: number;
  /** Tasks waiting across all owners; more are refused (SpeechBusyError). */
  totalLimit: number;
  /** A task still waiting after this is dropped (SpeechTimeoutError). */
  waitMs: number;
}

interface Job {
  run: () => Promise<unknown>;
  resolve: (value: never) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
}

/** Owners whose last turn is remembered (past it, the oldest are forgotten). */
const OWNERS_REMEMBERED = 10_000;

/**
 * Runs tasks a few at a time, taking turns between owners (one lane per parent, one for
 * background work): the next task is the oldest one of the owner served least recently. A
 * parent asking for many new words at once waits behind their own words, not in front of
 * everyone else's, so another family's new word waits for at most one task of theirs.
 */
export function createFairQueue({ concurrency, perOwnerLimit, totalLimit, waitMs }: FairQueueOptions) {
  const lanes = new Map<string, Job[]>();
  const lastTurn = new BoundedMap<string, number>(OWNERS_REMEMBERED);
  let turns = 0;
  let running = 0;
  let waiting = 0;

  function nextOwner(): string | undefined {
    let best: string | undefined;
    let bestTurn = Number.POSITIVE_INFINITY;
    for (const owner of lanes.keys()) {
      const turn = lastTurn.get(owner) ?? 0;
      if (turn < bestTurn) [best, bestTurn] = [owner, turn];
    }
    return best;
  }

  function pump() {
    while (running < concurrency) {
      const owner = nextOwner();
      if (owner === undefined) return;
      const jobs = lanes.get(owner)!;
      const job = jobs.shift()!;
      if (jobs.length === 0) lanes.delete(owner);
      waiting -= 1;
      lastTurn.set(owner, ++turns);
      clearTimeout(job.timer);
      running += 1;
      Promise.resolve()
        .then(job.run)
        .then(job.resolve as (value: unknown) => void, job.reject)
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  }

  return {
    run<T>(owner: string, task: () => Promise<T>): Promise<T> {
      const jobs = lanes.get(owner) ?? [];
      // Only waiting counts: a task that can start now always may.
      const startsNow = running < concurrency && waiting === 0;
      if (!startsNow && (jobs.length >= perOwnerLimit || waiting >= totalLimit)) {
        return Promise.reject(new SpeechBusyError());
      }
      return new Promise<T>((resolve, reject) => {
        const job: Job = { run: task, resolve: resolve as (value: never) => void, reject, timer: undefined! };
        job.timer = setTimeout(() => {
          const lane = lanes.get(owner);
          const at = lane?.indexOf(job) ?? -1;
          if (lane && at >= 0) {
            lane.splice(at, 1);
            waiting -= 1;
            if (lane.length === 0) lanes.delete(owner);
            reject(new SpeechTimeoutError());
          }
        }, waitMs).unref();
        jobs.push(job);
        lanes.set(owner, jobs);
        waiting += 1;
        pump();
      });
    },
    /** Tasks waiting, across all owners. */
    get waiting(): number {
      return waiting;
    },
  };
}

export type FairQueue = ReturnType<typeof createFairQueue>;
