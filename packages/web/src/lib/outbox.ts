import {
  UpdatedWordSchema,
  browserTimeZone,
  localDate,
  type UpdateWord,
  type UpdatedWord,
} from '@spellwell/shared';
import type { UseStore } from 'idb-keyval';
import { ApiError, api } from './api-client';

/**
 * The grade outbox (issue 23): a grade that cannot reach the server (no network) waits in
 * IndexedDB, which outlives a reload and a closed tab, and is sent in the order it was made,
 * with its idempotency key (so a grade the server already has is not counted twice), when the
 * network returns. Each carries the local day it was made on (`gradedOn`), so the server files
 * it under that day. A grade the server refuses (the word was deleted meanwhile, the day is
 * too old) is kept in a list of refused grades to show, never dropped silently.
 *
 * Only grades that never got an answer wait here: a grade the server answered, with an error
 * or not, is the practice page's to handle as before (use-practice-controller.ts).
 */

/** A grade as the practice page sends it (features/practice/api/update-word.ts). */
export interface OutboxGrade {
  childId: string;
  wordSetId: string;
  wordId: string;
  /** The word itself, to name it if the server refuses the grade. */
  word?: string;
  payload: UpdateWord & { idempotencyKey: string; gradedOn?: string };
}

export interface RefusedGrade {
  grade: OutboxGrade;
  /** The server's sentence, e.g. "Word not found". */
  message: string;
}

export interface OutboxState {
  /** Grades waiting for the network. */
  waiting: number;
  /** Grades the server refused when they were sent at last. */
  refused: RefusedGrade[];
  /** How many waiting grades the last send delivered (0 until one does). */
  synced: number;
}

/** The database's name, also deleted by sign-out (reload-signed-out.ts) without this module. */
export const OUTBOX_DB = 'spellwell-outbox';

/**
 * idb-keyval is fetched just after the page's own code rather than with it (the practice page's
 * initial JavaScript has a budget), and asked for at once so it is in before any grade needs it,
 * even if the network goes soon after.
 */
let idb: Promise<{ lib: typeof import('idb-keyval'); store: UseStore }> | undefined;
const outboxDb = () =>
  (idb ??= import('idb-keyval').then((lib) => ({ lib, store: lib.createStore(OUTBOX_DB, 'grades') })));
if (typeof indexedDB !== 'undefined') void outboxDb().catch(() => (idb = undefined));

async function idbSet(key: string, grade: OutboxGrade): Promise<void> {
  const { lib, store } = await outboxDb();
  await lib.set(key, grade, store);
}
async function idbDel(key: string): Promise<void> {
  const { lib, store } = await outboxDb();
  await lib.del(key, store);
}
async function idbEntries(): Promise<[string, OutboxGrade][]> {
  const { lib, store } = await outboxDb();
  return lib.entries<string, OutboxGrade>(store);
}
async function idbClear(): Promise<void> {
  const { lib, store } = await outboxDb();
  await lib.clear(store);
}

let state: OutboxState = { waiting: 0, refused: [], synced: 0 };
const listeners = new Set<() => void>();
function publish(next: Partial<OutboxState>) {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

export const outboxState = () => state;
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** No answer at all (offline, connection dropped) or a server that could not take it now. */
const isUnreachable = (error: unknown) =>
  !(error instanceof ApiError) || error.status >= 500 || error.status === 429 || error.status === 401;

// Keys sort in the order grades were made: the time, then a counter within one millisecond.
let sequence = 0;
const keyFor = (grade: OutboxGrade) =>
  `${Date.now().toString().padStart(15, '0')}-${(sequence++).toString().padStart(6, '0')}-${grade.payload.idempotencyKey}`;

/** `POST /words/update/...`: the server recomputes the schedule and answers the new state. */
function send({ childId, wordId, payload }: OutboxGrade): Promise<UpdatedWord> {
  return api(`/words/update/${childId}/${wordId}`, {
    method: 'POST',
    body: payload,
    schema: UpdatedWordSchema,
  });
}

/**
 * Sends one grade, keeping it in the outbox until the server answers. Answers the server's
 * result, or null when there was no answer and the grade waits for the network. An error
 * answer from the server is thrown as before.
 */
export async function sendGrade(grade: OutboxGrade): Promise<UpdatedWord | null> {
  const stamped: OutboxGrade = {
    ...grade,
    payload: { ...grade.payload, gradedOn: grade.payload.gradedOn ?? localDate(browserTimeZone()) },
  };
  // Earlier grades still waiting go first, so the server sees them in the order they were made.
  if (state.waiting > 0) {
    await keep(stamped);
    void flushOutbox();
    return null;
  }
  const key = keyFor(stamped);
  try {
    await idbSet(key, stamped);
  } catch (error) {
    // Private browsing without IndexedDB: send without the safety net.
    console.warn('The grade outbox is not available:', error);
    return send(stamped);
  }
  try {
    const answer = await send(stamped);
    await idbDel(key);
    return answer;
  } catch (error) {
    if (isUnreachable(error)) {
      publish({ waiting: state.waiting + 1, synced: 0 });
      return null;
    }
    await idbDel(key);
    throw error;
  }
}

async function keep(grade: OutboxGrade) {
  await idbSet(keyFor(grade), grade);
  publish({ waiting: state.waiting + 1, synced: 0 });
}

/** Takes a grade back before it was sent (Undo); true when it was still waiting. */
export async function discardFromOutbox(idempotencyKey: string): Promise<boolean> {
  let waiting: [string, OutboxGrade][];
  try {
    waiting = await idbEntries();
  } catch {
    return false; // no IndexedDB here: nothing can be waiting in it
  }
  const found = waiting.find(([, grade]) => grade.payload.idempotencyKey === idempotencyKey);
  if (!found) return false;
  await idbDel(found[0]);
  publish({ waiting: Math.max(0, state.waiting - 1) });
  return true;
}

let flushing: Promise<void> | null = null;

/**
 * Sends the waiting grades one after another, oldest first. Stops at the first that gets no
 * answer (still offline); a refused one is moved to the refused list and the next goes on.
 */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    try {
      let synced = 0;
      let reachable = true;
      // Again until empty: grades made while a send was under way join the end of the queue.
      while (reachable) {
        const waiting = (await idbEntries()).sort(([a], [b]) => a.localeCompare(b));
        publish({ waiting: waiting.length });
        if (waiting.length === 0) break;
        for (const [key, grade] of waiting) {
          try {
            await send(grade);
            synced++;
          } catch (error) {
            if (isUnreachable(error)) {
              reachable = false;
              break;
            }
            publish({ refused: [...state.refused, { grade, message: (error as ApiError).message }] });
          }
          await idbDel(key);
          publish({ waiting: Math.max(0, state.waiting - 1) });
        }
      }
      if (synced > 0) publish({ synced });
    } catch (error) {
      console.warn('The grade outbox could not be read:', error);
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** Forgets the refused grades once the parent has seen them. */
export const dismissRefused = () => publish({ refused: [] });

/** Sign-out: nothing of this parent stays behind for the next one. */
export async function clearOutbox(): Promise<void> {
  await idbClear();
  publish({ waiting: 0, refused: [], synced: 0 });
}
