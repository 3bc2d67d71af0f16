import type { KidAnswerBody, KidAnswerResult } from '@spellwell/shared';
import type { UseStore } from 'idb-keyval';
import { KidOffline, KidSignedOut, kidAnswer, kidToken } from './kid-api';

/**
 * The child's outbox (issue 36): an answer that cannot reach the server waits in IndexedDB,
 * like the parent's grades (lib/outbox.ts), and is sent in the order it was made when the
 * network returns. Only the server can mark an answer, so the device says it is saved rather
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
): Promise<Drained> {
  const drained: Drained = { sent: 0, refused: 0, outcome: 'sent' };
  // Again until empty: an answer kept while a send was under way joins the end.
  for (let waiting = await queue.list(); waiting.length > 0; waiting = await queue.list()) {
    for (const [key, answer] of waiting) {
      try {
        await send(answer);
        drained.sent++;
      } catch (error) {
        if (error instanceof KidOffline) return { ...drained, outcome: 'offline' };
        if (error instanceof KidSignedOut) return { ...drained, outcome: 'signed-out' };
        drained.refused++;
        console.warn(`The server refused a kept answer for word ${answer.wordId}:`, error);
      }
      await queue.remove(key);
    }
  }
  return drained;
}

// Keys sort in the order answers were kept: the time, a counter, a random tail (two tabs).
let sequence = 0;
const keyFor = () =>
  `${Date.now().toString().padStart(15, '0')}-${(sequence++).toString().padStart(6, '0')}-${Math.random().toString(36).slice(2, 8)}`;

let idb: Promise<{ lib: typeof import('idb-keyval'); store: UseStore; db: IDBDatabase }> | undefined;
const outboxDb = () => {
  // Without a session there is nobody to keep answers for: opening it would create it again.
  if (!kidToken.get()) return Promise.reject(new Error('Signed out: nothing is kept.'));
  return (idb ??= import('idb-keyval').then(async (lib) => {
    const store = lib.createStore(KID_OUTBOX_DB, 'answers');
    const db = await store('readonly', (objects) => objects.transaction.db);
    // A delete asked for elsewhere (another tab's sign-out) is not held back by this page.
    db.onversionchange = () => {
      db.close();
      idb = undefined;
    };
    return { lib, store, db };
  }));
};

/**
 * How many answers wait, as this page last saw (the page flushes when it opens): an answer
 * sent with nothing waiting goes at once, without a trip to IndexedDB first.
 */
let waiting = 0;

const storedQueue: AnswerQueue = {
  async list() {
    const { lib, store } = await outboxDb();
    const all = await lib.entries<string, KidQueuedAnswer>(store);
    waiting = all.length;
    return all.sort(([a], [b]) => a.localeCompare(b));
  },
  async remove(key) {
    const { lib, store } = await outboxDb();
    await lib.del(key, store);
    waiting = Math.max(0, waiting - 1);
  },
};

async function keep(answer: KidQueuedAnswer) {
  const { lib, store } = await outboxDb();
  await lib.set(keyFor(), answer, store);
  waiting++;
}

let flushing: Promise<Drained> | null = null;

/** Sends what waits (see drainAnswers); a session that has ended takes its answers with it. */
export function flushKidOutbox(): Promise<Drained> {
  flushing ??= drainAnswers(storedQueue, ({ wordId, body }) => kidAnswer(wordId, body))
    .then(async (drained) => {
      if (drained.outcome === 'signed-out') await forgetKidOutbox();
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
 * Sends an answer, or keeps it when the server cannot be reached: the server's result, or null
 * when it waits for the network. Answers kept before it go first (the server counts attempts).
 */
export async function sendKidAnswer(wordId: string, body: KidAnswerBody): Promise<KidAnswerResult | null> {
  const outcome = waiting > 0 ? (await flushKidOutbox()).outcome : 'sent';
  if (outcome === 'signed-out') throw new KidSignedOut();
  try {
    if (outcome === 'offline') throw new KidOffline();
    return await kidAnswer(wordId, body);
  } catch (error) {
    if (!(error instanceof KidOffline)) throw error;
    // Without IndexedDB (private browsing) the answer cannot wait: the page says it is offline.
    await keep({ wordId, body }).catch(() => {
      throw error;
    });
    return null;
  }
}

/** Sign-out of the device: nothing of the child's stays behind. */
export async function forgetKidOutbox(): Promise<void> {
  const open = idb;
  idb = undefined;
  waiting = 0;
  await open?.then(({ db }) => db.close()).catch(() => undefined);
  if (typeof indexedDB === 'undefined') return;
  await new Promise((done) => {
    const request = indexedDB.deleteDatabase(KID_OUTBOX_DB);
    request.onsuccess = request.onerror = request.onblocked = done;
  });
}
