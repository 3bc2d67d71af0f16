import {
  UpdatedWordSchema,
  browserTimeZone,
  localDate,
  type UpdateWord,
  type UpdatedWord,
} from '@spellwell/shared';
import { ApiError, api } from '../../../lib/api-client';
import { signedInParentId } from '../../../lib/parent-id';
import { createOutbox, drainOutbox } from './outbox';

/**
 * The parent's outbox (issue 23; its storage and drain are outbox.ts'): a change that cannot
 * reach the server (no network) waits in IndexedDB, which outlives a reload and a closed tab, and is sent in the order it was made,
 * with its idempotency key (so one the server already has is not counted twice), when the
 * network returns. Grades carry the local day they were made on (`gradedOn`), so the server
 * files them under that day; the practice position and the day's completion wait here too,
 * behind the grades made before them. A grade the server refuses (the word was deleted
 * meanwhile, the day is too old) is kept, also in IndexedDB, in a list of refused grades to
 * show until the parent dismisses it: never dropped silently, not even by a reload.
 *
 * Each entry names the parent who made it: only that parent's page sends or shows it (sign-out
 * deletes the whole outbox, but a session that simply ran out does not).
 *
 * Only changes that never got an answer wait here: one the server answered, with an error or
 * not, is the practice page's to handle as before (use-practice-controller.ts).
 */

/** A grade as the practice page sends it (features/practice/api/update-word.ts). */
export interface OutboxGrade {
  childId: string;
  wordSetId: string;
  wordId: string;
  /** The word itself, to name it if the server refuses the grade. */
  word?: string;
  payload: UpdateWord & { idempotencyKey: string; gradedOn?: string };
  parentId?: string | null;
}

/** Any other change of a practice: its position (`PUT`), its end (`DELETE`), the day's completion. */
export interface OutboxRequest {
  kind: 'request';
  method: 'PUT' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  parentId?: string | null;
}

type OutboxEntry = OutboxGrade | OutboxRequest;
const isRequest = (entry: OutboxEntry): entry is OutboxRequest => 'kind' in entry;

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

const outbox = createOutbox<OutboxEntry>({
  database: OUTBOX_DB,
  store: 'grades',
  isOpen: () => Boolean(signedInParentId()),
  send,
});

// Waiting entries' keys start with the time they were made (so they sort in order); refused
// grades live in the same store under their own prefix.
const REFUSED = 'refused-';

/** This parent's waiting entries, oldest first, and refused grades. */
async function readOutbox(): Promise<{
  waiting: [string, OutboxEntry][];
  refused: [string, RefusedGrade][];
}> {
  const parentId = signedInParentId();
  const mine = ({ parentId: owner }: { parentId?: string | null }) => !owner || owner === parentId;
  const all = await outbox.entries<OutboxEntry | RefusedGrade>();
  return {
    waiting: all.filter(
      (e): e is [string, OutboxEntry] => !e[0].startsWith(REFUSED) && mine(e[1] as OutboxEntry),
    ),
    refused: all.filter(
      (e): e is [string, RefusedGrade] => e[0].startsWith(REFUSED) && mine((e[1] as RefusedGrade).grade),
    ),
  };
}

let state: OutboxState = { waiting: 0, refused: [], synced: 0 };
/** All waiting entries, grades or not: a new change goes behind them. */
let queued = 0;
const listeners = new Set<() => void>();
function publish(next: Partial<OutboxState>) {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}
const countGrades = (entries: [string, OutboxEntry][]) => entries.filter(([, e]) => !isRequest(e)).length;

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

function send(entry: OutboxEntry): Promise<unknown> {
  if (isRequest(entry)) return api(entry.path, { method: entry.method, body: entry.body });
  // `POST /words/update/...`: the server recomputes the schedule and answers the new state.
  return api(`/words/update/${entry.childId}/${entry.wordId}`, {
    method: 'POST',
    body: entry.payload,
    schema: UpdatedWordSchema,
  });
}

/** What a reload left waiting, and refused, so the banner counts it at once, offline too. */
const loaded =
  typeof indexedDB === 'undefined'
    ? Promise.resolve()
    : readOutbox().then(
        ({ waiting, refused }) => {
          queued = waiting.length;
          publish({ waiting: countGrades(waiting), refused: refused.map(([, r]) => r) });
        },
        () => undefined,
      );

/**
 * Sends one change, keeping it in the outbox until the server answers. Answers the server's
 * result, or null when there was no answer and the change waits for the network. An error
 * answer from the server is thrown as before.
 */
async function sendOrKeep<T>(entry: OutboxEntry): Promise<T | null> {
  await loaded;
  const grade = !isRequest(entry);
  // Earlier changes still waiting go first, so the server sees them in the order they were made.
  if (queued > 0) {
    await keep(entry);
    void flushOutbox();
    return null;
  }
  let key: string;
  try {
    key = await outbox.keep(entry);
  } catch (error) {
    // Private browsing without IndexedDB: send without the safety net.
    console.warn('The outbox is not available:', error);
    return send(entry) as Promise<T>;
  }
  try {
    const answer = (await send(entry)) as T;
    await outbox.remove(key);
    return answer;
  } catch (error) {
    if (isUnreachable(error)) {
      queued++;
      if (grade) publish({ waiting: state.waiting + 1, synced: 0 });
      return null;
    }
    await outbox.remove(key);
    throw error;
  }
}

async function keep(entry: OutboxEntry) {
  await outbox.keep(entry);
  queued++;
  if (!isRequest(entry)) publish({ waiting: state.waiting + 1, synced: 0 });
}

/** Sends a grade (see sendOrKeep), stamped with the day and the parent. */
export function sendGrade(grade: OutboxGrade): Promise<UpdatedWord | null> {
  return sendOrKeep<UpdatedWord>({
    ...grade,
    parentId: signedInParentId(),
    payload: { ...grade.payload, gradedOn: grade.payload.gradedOn ?? localDate(browserTimeZone()) },
  });
}

/** Sends another change of a practice (see sendOrKeep), behind any grade still waiting. */
export function sendRequest<T>(request: Omit<OutboxRequest, 'kind' | 'parentId'>): Promise<T | null> {
  return sendOrKeep<T>({ ...request, kind: 'request', parentId: signedInParentId() });
}

/** Takes a grade back before it was sent (Undo); true when it was still waiting. */
export async function discardFromOutbox(idempotencyKey: string): Promise<boolean> {
  let waiting: [string, OutboxEntry][];
  try {
    waiting = (await readOutbox()).waiting;
  } catch {
    return false; // no IndexedDB here: nothing can be waiting in it
  }
  const found = waiting.find(([, e]) => !isRequest(e) && e.payload.idempotencyKey === idempotencyKey);
  if (!found) return false;
  await outbox.remove(found[0]);
  queued = Math.max(0, queued - 1);
  publish({ waiting: Math.max(0, state.waiting - 1) });
  return true;
}

let flushing: Promise<void> | null = null;

/**
 * Sends the waiting changes one after another, oldest first. Stops at the first that gets no
 * answer (still offline). A refused grade is moved to the refused list and the next goes on;
 * a refused position or completion (the practice moved on elsewhere, the set was deleted) is
 * only logged: there is nothing the parent could do about it.
 */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    try {
      await loaded;
      let synced = 0;
      await drainOutbox(
        {
          async list() {
            const { waiting } = await readOutbox();
            queued = waiting.length;
            publish({ waiting: countGrades(waiting) });
            return waiting;
          },
          async remove(key, entry) {
            await outbox.remove(key);
            queued = Math.max(0, queued - 1);
            if (!isRequest(entry)) publish({ waiting: Math.max(0, state.waiting - 1) });
          },
        },
        {
          send,
          // Said at once: a position or completion still to send is no reason to wait.
          sent: (entry) => {
            if (!isRequest(entry)) publish({ synced: ++synced });
          },
          async failed(entry, error) {
            if (isUnreachable(error)) return 'stop';
            const message = (error as ApiError).message;
            if (isRequest(entry)) console.warn(`The server refused ${entry.method} ${entry.path}:`, message);
            else {
              const refused: RefusedGrade = { grade: entry, message };
              await outbox.set(`${REFUSED}${entry.payload.idempotencyKey}`, refused);
              publish({ refused: [...state.refused, refused] });
            }
            return 'drop';
          },
        },
      );
    } catch (error) {
      console.warn('The outbox could not be read:', error);
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** Forgets the refused grades once the parent has seen them. */
export async function dismissRefused(): Promise<void> {
  const seen = state.refused;
  // Forgotten first, then hidden: a reload right after Dismiss would otherwise abort the
  // IndexedDB delete and bring the report back.
  try {
    await Promise.all(seen.map(({ grade }) => outbox.remove(`${REFUSED}${grade.payload.idempotencyKey}`)));
  } catch (error) {
    console.warn('Could not forget the refused grades:', error);
  }
  publish({ refused: state.refused.filter((r) => !seen.includes(r)) });
}

/** Sign-out: nothing of this parent stays behind for the next one. */
export async function clearOutbox(): Promise<void> {
  await outbox.clear();
  queued = 0;
  publish({ waiting: 0, refused: [], synced: 0 });
}
