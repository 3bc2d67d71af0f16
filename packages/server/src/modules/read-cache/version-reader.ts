import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { statement, type Param } from '../../db/statement.js';

/** Parents whose version is remembered at most (SQLite); past it, all are forgotten at once. */
const KNOWN_VERSIONS_MAX = 10_000;

/**
 * The parent's data version now; undefined when there is no such parent. Answered at once
 * when it is already known (SQLite), so a cached read waits for nothing.
 */
export type VersionReader = (parentId: string) => number | undefined | Promise<number | undefined>;

interface Waiter {
  resolve(version: number | undefined): void;
  reject(error: unknown): void;
}

/**
 * Reads parents' data versions. On SQLite the version is read again only after a commit. On
 * PostgreSQL it is a round trip, so every check asked for while the event loop takes in one
 * batch of requests shares one query (`id = any($1)`), DataLoader-style. Each check is still
 * answered by a query sent after it was asked, so it is as fresh as a query of its own.
 */
export function createVersionReader(db: Db): VersionReader {
  const one = statement(db, (param: Param<'parentId'>) =>
    db.kysely.selectFrom('parents').select('data_version').where('id', '=', param('parentId')),
  );
  const committed = db.committedTransactions;
  if (committed) {
    // SQLite: only this process writes the file, and only committed transactions change a
    // version, so a version read since the last commit is still the version.
    const known = new Map<string, { commits: number; version: number | undefined }>();
    return (parentId) => {
      const commits = committed();
      const hit = known.get(parentId);
      if (hit && hit.commits === commits) return hit.version;
      // Read after taking the count: a commit in between only makes the next check read again.
      return one.readFirst({ parentId }).then((row) => {
        if (known.size >= KNOWN_VERSIONS_MAX) known.clear();
        known.set(parentId, { commits, version: row?.data_version });
        return row?.data_version;
      });
    };
  }

  const many = statement(db, (param: Param<'parentIds'>) =>
    db.kysely
      .selectFrom('parents')
      .select(['id', 'data_version'])
      .where(sql<boolean>`id = any(${param('parentIds')})`),
  );
  let pending: Map<string, Waiter[]> | null = null;

  async function flush(batch: Map<string, Waiter[]>) {
    try {
      const rows = await many.read({ parentIds: [...batch.keys()] });
      const versions = new Map(rows.map((row) => [row.id, Number(row.data_version)]));
      for (const [parentId, waiters] of batch) for (const w of waiters) w.resolve(versions.get(parentId));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  }

  return (parentId) =>
    new Promise((resolve, reject) => {
      if (!pending) {
        const batch = new Map<string, Waiter[]>();
        pending = batch;
        // After the event loop's I/O phase: every request read in it has asked by then.
        setImmediate(() => {
          pending = null;
          void flush(batch);
        });
      }
      const waiters = pending.get(parentId);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(parentId, [{ resolve, reject }]);
    });
}
