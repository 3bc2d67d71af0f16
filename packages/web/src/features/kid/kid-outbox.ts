import type { KidAnswerBody, KidAnswerResult } from '@spellwell/shared';
import { KidOffline, KidSignedOut } from './kid-api';

/**
 * The child's outbox (issue 36): an answer that cannot reach the server waits in IndexedDB,
 * in the same outbox as the parent's grades (features/offline/outbox/outbox.ts, handed in by
 * app/kid-outbox.ts: features do not import each other), and is sent in the order it was made
 * when the network returns. Only the server can mark an answer, so the device says it is saved rather
 * than right or wrong. Each answer keeps its `answerId`: a resend of one the server already
 * took is answered from the stored answer, not counted again.
 *
 * Its own database, not the parent's: the parent's opens only while a parent is signed in, and
 * the child's answers go with the child's session (sign-out of the device deletes it).
 */
export const KID_OUTBOX_DB = 'spellwell-kid-outbox';

export interface KidQueuedAnswer {
  wordId: string;
  body: KidAnswerBody;
}

/** What the drain needs of the storage: waiting answers oldest first, and letting one go. */
export interface AnswerQueue {
  list(): Promise<[string, KidQueuedAnswer][]>;
  remove(key: string): Promise<void>;
}

/** The outbox's drain (features/offline/outbox/outbox.ts: drainOutbox). */
export type DrainOutbox = (
  queue: AnswerQueue,
  handlers: {
    send(answer: KidQueuedAnswer): Promise<unknown>;
    sent?(answer: KidQueuedAnswer): void;
    failed(answer: KidQueuedAnswer, error: unknown): 'stop' | 'drop';
  },
) => Promise<{ stoppedBy: unknown } | null>;

/** The outbox on KID_OUTBOX_DB, with the server's answer call as its sender. */
export interface AnswerStore {
  entries(): Promise<[string, KidQueuedAnswer][]>;
  keep(answer: KidQueuedAnswer): Promise<unknown>;
  remove(key: string): Promise<void>;
  /** Deletes the database. */
  forget(): Promise<void>;
  send(answer: KidQueuedAnswer): Promise<unknown>;
}

export interface Drained {
  /** Answers the server took. */
  sent: number;
  /** Answers the server refused (out of turn, word deleted): dropped, nothing the child can do. */
  refused: number;
  /** Why it stopped: all sent, still offline, or the device's session has ended. */
  outcome: 'sent' | 'offline' | 'signed-out';
}

/**
 * Sends the waiting answers one at a time, oldest first, each removed once the server has
 * answered it (taken or refused); stops, keeping the rest, at the first without an answer.
 */
export async function drainAnswers(
  queue: AnswerQueue,
  send: (answer: KidQueuedAnswer) => Promise<unknown>,
  drain: DrainOutbox,
): Promise<Drained> {
  const drained: Drained = { sent: 0, refused: 0, outcome: 'sent' };
  const stopped = await drain(queue, {
    send,
    sent: () => void drained.sent++,
    failed(answer, error) {
      if (error instanceof KidOffline || error instanceof KidSignedOut) return 'stop';
      drained.refused++;
      console.warn(`The server refused a kept answer for word ${answer.wordId}:`, error);
      return 'drop';
    },
  });
  if (stopped) drained.outcome = stopped.stoppedBy instanceof KidSignedOut ? 'signed-out' : 'offline';
  return drained;
}

/** The child's outbox on its storage: what the kid page sends, flushes and forgets. */
export function kidOutbox(store: AnswerStore, drain: DrainOutbox) {
  /**
   * How many answers wait, as this page last saw (the page flushes when it opens): an answer
   * sent with nothing waiting goes at once, without a trip to IndexedDB first.
   */
  let waiting = 0;

  const queue: AnswerQueue = {
    async list() {
      const all = await store.entries();
      waiting = all.length;
      return all;
    },
    async remove(key) {
      await store.remove(key);
      waiting = Math.max(0, waiting - 1);
    },
  };

  let flushing: Promise<Drained> | null = null;

  /** Sends what waits (see drainAnswers); a session that has ended takes its answers with it. */
  function flush(): Promise<Drained> {
    flushing ??= drainAnswers(queue, store.send, drain)
      .then(async (drained) => {
        if (drained.outcome === 'signed-out') await forget();
        return drained;
      })
      .catch((error: unknown) => {
        console.warn('The kept answers could not be read:', error);
        return { sent: 0, refused: 0, outcome: 'offline' } as Drained;
      })
      .finally(() => {
        flushing = null;
      });
    return flushing;
  }

  /**
   * Sends an answer, or keeps it when the server cannot be reached: the server's result, or
   * null when it waits for the network. Answers kept before it go first (the server counts
   * attempts).
   */
  async function send(wordId: string, body: KidAnswerBody): Promise<KidAnswerResult | null> {
    const outcome = waiting > 0 ? (await flush()).outcome : 'sent';
    if (outcome === 'signed-out') throw new KidSignedOut();
    try {
      if (outcome === 'offline') throw new KidOffline();
      return (await store.send({ wordId, body })) as KidAnswerResult;
    } catch (error) {
      if (!(error instanceof KidOffline)) throw error;
      // Without IndexedDB (private browsing) the answer cannot wait: the page says it is offline.
      await store.keep({ wordId, body }).catch(() => {
        throw error;
      });
      waiting++;
      return null;
    }
  }

  /** Sign-out of the device: nothing of the child's stays behind. */
  async function forget(): Promise<void> {
    waiting = 0;
    await store.forget();
  }

  return { flush, send, forget };
}

export type KidOutbox = ReturnType<typeof kidOutbox>;
