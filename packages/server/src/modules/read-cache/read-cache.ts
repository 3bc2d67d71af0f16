import type { Db } from '../../db/database.js';
import { createVersionReader } from './version-reader.js';

export interface ReadCache {
  /**
   * The parent's answer for `key`: from memory when nothing of the parent's has changed since
   * it was loaded, otherwise from `load`. Null answers and errors (not found) are not kept.
   */
  through<T extends object | string | Uint8Array>(
    parentId: string,
    key: string,
    load: () => Promise<T | null>,
  ): Promise<T | null>;
}

interface Entry {
  version: number;
  value: object | string | Uint8Array;
  size: number;
}

/** Answers kept at most, across all parents; the least recently used goes first. */
export const READ_CACHE_MAX_ENTRIES = 5000;
/**
 * Bytes of answers kept at most (a 20-word list is about 2,500; 200 Chinese words a few tens
 * of thousands), so the cache stays within a few tens of MB whatever the lists hold. Text
 * kept as a string counts its characters.
 */
export const READ_CACHE_MAX_CHARS = 8_000_000;
/** What an answer kept as an object (not text) is counted as. */
const OBJECT_SIZE = 1000;

/**
 * The dashboard's and the practice page's answers, kept per parent and checked on every use
 * against the parent's data version (one primary-key read), which every write of the data
 * raises in its own transaction (data-version.ts). So an answer is never stale, even with
 * several servers on one PostgreSQL: a write on one server raises the version the others
 * read. Loading an answer cost several times the check (docs/performance.md).
 *
 * The version is read before the data: data loaded after it is at least that new, so an
 * answer can be stored under an older version than it shows (one extra load later), never a
 * newer one.
 */
export function createReadCache(
  db: Db,
  maxEntries = READ_CACHE_MAX_ENTRIES,
  maxChars = READ_CACHE_MAX_CHARS,
): ReadCache {
  const entries = new Map<string, Entry>();
  let chars = 0;
  const forget = (cacheKey: string) => {
    const entry = entries.get(cacheKey);
    if (!entry) return;
    chars -= entry.size;
    entries.delete(cacheKey);
  };
  const versionOf = createVersionReader(db);

  function serve<T extends object | string | Uint8Array>(
    parentId: string,
    key: string,
    version: number | undefined,
    load: () => Promise<T | null>,
  ): Promise<T | null> {
    // No such parent (an account deleted while its token lives): nothing to keep.
    if (version === undefined) return load();
    const cacheKey = `${parentId} ${key}`;
    const hit = entries.get(cacheKey);
    if (hit && hit.version === version) {
      // Most recently used goes to the end, so eviction takes from the front.
      entries.delete(cacheKey);
      entries.set(cacheKey, hit);
      return Promise.resolve(hit.value as T);
    }
    return load().then(
      (value) => {
        forget(cacheKey);
        if (value === null) return null;
        const size = typeof value === 'string' || value instanceof Uint8Array ? value.length : OBJECT_SIZE;
        if (size > maxChars) return value;
        while (entries.size >= maxEntries || chars + size > maxChars) forget(entries.keys().next().value!);
        entries.set(cacheKey, { version, value, size });
        chars += size;
        return value;
      },
      (error: unknown) => {
        // Not found (or failed) now: what was kept under an older version can go.
        forget(cacheKey);
        throw error;
      },
    );
  }

  return {
    through(parentId, key, load) {
      const version = versionOf(parentId);
      // A known version answers a cached read without waiting a turn of the event loop.
      return version instanceof Promise
        ? version.then((v) => serve(parentId, key, v, load))
        : serve(parentId, key, version, load);
    },
  };
}
