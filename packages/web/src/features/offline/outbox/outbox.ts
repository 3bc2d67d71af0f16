import * as idbKeyval from 'idb-keyval';
import type { UseStore } from 'idb-keyval';

/**
 * One outbox (issues 23 and 36), for the parent's grades (parent-outbox.ts) and the child's
 * answers (app/kid-outbox.ts): changes that cannot reach the server wait in an IndexedDB
 * database, which outlives a reload and a closed tab, and are sent in the order they were made
 * when the network returns. Each use names its database and its sender.
 *
 * The databases' names, their one object store and the keys below are what installed apps
 * already hold: changing any of them would lose the changes waiting on a device.
 */
export interface OutboxOptions<T> {
  /** The IndexedDB database (`spellwell-outbox`, `spellwell-kid-outbox`). */
  database: string;
  /** Its one object store (`grades`, `answers`). */
  store: string;
  /** Whether someone is signed in to keep changes for: when not, it is not opened (so not made again). */
  isOpen(): boolean;
  /** Sends one waiting change to the server. */
  send(entry: T): Promise<unknown>;
}

/** What a drain needs of the storage: waiting entries oldest first, and letting one go. */
export interface OutboxQueue<T> {
  list(): Promise<[string, T][]>;
  /** Lets an entry go once the server has answered it (or it was dropped). */
  remove(key: string, entry: T): Promise<void>;
}

/** What a refused or unanswered send does: wait (with everything behind it) or go. */
export type Failure = 'stop' | 'drop';

export interface DrainHandlers<T> {
  send(entry: T): Promise<unknown>;
  /** The server took it (said before it leaves the queue). */
  sent?(entry: T): void;
  /** The send failed: 'stop' keeps it and the rest for later; 'drop' lets it go and goes on. */
  failed(entry: T, error: unknown): Failure | Promise<Failure>;
}

/**
 * Sends the waiting entries one at a time, oldest first, each removed once the server has
 * answered it; stops, keeping the rest, at the first whose failure says so. Answers the error
 * it stopped at, or null when everything was sent.
 */
export async function drainOutbox<T>(
  queue: OutboxQueue<T>,
  { send, sent, failed }: DrainHandlers<T>,
): Promise<{ stoppedBy: unknown } | null> {
  // Again until empty: an entry kept while a send was under way joins the end.
  for (let waiting = await queue.list(); waiting.length > 0; waiting = await queue.list()) {
    for (const [key, entry] of waiting) {
      try {
        await send(entry);
        sent?.(entry);
      } catch (error) {
        if ((await failed(entry, error)) === 'stop') return { stoppedBy: error };
      }
      await queue.remove(key, entry);
    }
  }
  return null;
}

// Keys sort in the order changes were made: the time, then a counter within one millisecond
// (which goes on from the keys a reload found, for a clock that has not moved since), then a
// random tail so two tabs never write the same key.
let sequence = 0;
const newKey = () =>
  `${Date.now().toString().padStart(15, '0')}-${(sequence++).toString().padStart(6, '0')}-${Math.random().toString(36).slice(2, 8)}`;
const keepCountingAfter = (keys: string[]) => {
  sequence = Math.max(sequence, ...keys.map((key) => Number(key.split('-')[1]) + 1).filter(Number.isFinite));
};

export function createOutbox<T>({ database, store: storeName, isOpen, send }: OutboxOptions<T>) {
  /**
   * idb-keyval comes with this module, not on first use: this module is fetched just after the
   * page, and a first use offline (the network gone seconds after the page opened) could not
   * fetch it, so the grade would be lost instead of kept (CI saw it).
   */
  let idb: Promise<{ lib: typeof import('idb-keyval'); store: UseStore; db: IDBDatabase }> | undefined;
  const open = () => {
    // Signed out (sign-out clears the session first, then deletes the outbox): opening it now
    // would create it again, and a page leaving after sign-out would leave a change behind for
    // nobody.
    if (!isOpen()) return Promise.reject(new Error('Signed out: nothing is kept.'));
    const opening = (idb ??= Promise.resolve(idbKeyval).then(async (lib) => {
      const store = lib.createStore(database, storeName);
      const db = await store('readonly', (objects) => objects.transaction.db);
      // A delete asked for elsewhere (sign-out, from this tab or another) is not held back by
      // this page: an open connection holds it until the page is gone, and Chromium may keep a
      // page it left in its back-forward cache, connection and all. The next use opens afresh.
      db.onversionchange = () => {
        db.close();
        if (idb === opening) idb = undefined;
      };
      return { lib, store, db };
    }));
    // A failed open (no IndexedDB here) is tried again next time.
    opening.catch(() => {
      if (idb === opening) idb = undefined;
    });
    return opening;
  };

  return {
    database,
    send,
    /** Every stored value with its key, in key order (the order they were made). */
    async entries<V = T>(): Promise<[string, V][]> {
      const { lib, store } = await open();
      const all = await lib.entries<string, V>(store);
      keepCountingAfter(all.map(([key]) => key));
      return all.sort(([a], [b]) => a.localeCompare(b));
    },
    /** Keeps a change behind those waiting; answers its key. */
    async keep(entry: T): Promise<string> {
      const key = newKey();
      await this.set(key, entry);
      return key;
    },
    async set(key: string, value: unknown): Promise<void> {
      const { lib, store } = await open();
      await lib.set(key, value, store);
    },
    async remove(key: string): Promise<void> {
      const { lib, store } = await open();
      await lib.del(key, store);
    },
    async clear(): Promise<void> {
      const { lib, store } = await open();
      await lib.clear(store);
    },
    /** Deletes the database: nothing of the session that kept it stays behind. */
    async forget(): Promise<void> {
      const opened = idb;
      idb = undefined;
      await opened?.then(({ db }) => db.close()).catch(() => undefined);
      if (typeof indexedDB === 'undefined') return;
      await new Promise((done) => {
        const request = indexedDB.deleteDatabase(database);
        request.onsuccess = request.onerror = request.onblocked = done;
      });
    },
  };
}

export type Outbox<T> = ReturnType<typeof createOutbox<T>>;
