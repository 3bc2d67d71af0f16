import type { SelectQueryBuilder } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/*
 * Row locks for read-modify-write inside a transaction. PostgreSQL needs them; SQLite has one
 * writer at a time and Kysely runs a transaction on one connection, so there they are no-ops.
 */

/** FOR UPDATE on PostgreSQL: the row stays this transaction's until it ends. */
export function forUpdate<QB extends SelectQueryBuilder<Database, keyof Database, object>>(
  db: Db,
  query: QB,
): QB {
  return db.engine === 'postgres' ? (query.forUpdate() as QB) : query;
}

/**
 * A weaker lock for rows whose key is not changed (PostgreSQL FOR NO KEY UPDATE): it still
 * serialises writers of the row but lets other transactions insert rows referencing it, so a
 * word-list edit holding its set does not deadlock with a grade inserting a review of that set.
 */
export function forNoKeyUpdate<QB extends SelectQueryBuilder<Database, keyof Database, object>>(
  db: Db,
  query: QB,
): QB {
  return db.engine === 'postgres' ? (query.forNoKeyUpdate() as QB) : query;
}
