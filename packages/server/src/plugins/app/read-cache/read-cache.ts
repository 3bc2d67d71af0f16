import type { Db } from '../../../db/dialect.js';
import { prepareRead } from '../../../db/prepared-read.js';

export interface ReadCache {
  /**
   * The parent's answer for `key`: from memory when nothing of the parent's has changed since
   * it was loaded, otherwise from `load`. Null answers (not found) are not kept.
   */
  through<T extends object | string>(parentId: string, key: string, load: () => Promise<T | null>): Promise<T | null>;
}

interface Entry {
  version: number;
  value: object | string;
}

/** Answers kept at most, across all parents; the least recently used goes first. */
export const READ_CACHE_MAX_ENTRIES = 2000;

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
export function createReadCache(db: Db, maxEntries = READ_CACHE_MAX_ENTRIES): ReadCache {
  const entries = new Map<string, Entry>();
  const versionOf = prepareRead(db, (param: (name: 'parentId') => string) =>
    db.kysely.selectFrom('parents').select('data_version').where('id', '=', param('parentId')),
  );
  return {
    async through(parentId, key, load) {
      const row = await versionOf.first({ parentId });
      // No such parent (an account deleted while its token lives): nothing to keep.
      if (!row) return load();
      const version = Number(row.data_version);
      const cacheKey = `${parentId} ${key}`;
      const hit = entries.get(cacheKey);
      if (hit && hit.version === version) {
        // Most recently used goes to the end, so eviction takes from the front.
        entries.delete(cacheKey);
        entries.set(cacheKey, hit);
        return hit.value as Awaited<ReturnType<typeof load>>;
      }
      const value = await load();
      entries.delete(cacheKey);
      if (value === null) return null;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(cacheKey, { version, value });
      return value;
    },
  };
}
