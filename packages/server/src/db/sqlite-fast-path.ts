import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { BoundStatement, Db } from './database.js';
import type { Database } from './schema.js';
import type { FifoLock } from './sqlite-dialect.js';

/*
 * SQLite runs in this process and answers synchronously, so a read does not have to go through
 * Kysely's asynchronous driver (its lock, plugins and result transform), which cost a read
 * route as much as the rest of its request (docs/performance.md, decision 004).
 */

const STATEMENT_CACHE_MAX = 500;

/**
 * Keeps better-sqlite3's prepared statements by SQL text: Kysely's SQLite driver prepares
 * every query again. The same text always gives an equivalent statement, and statements run
 * synchronously, so a kept one is never in use twice at once. Bounded, because queries with IN
 * lists make many texts.
 */
export function cachePreparedStatements(database: SQLite.Database): void {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  }) as SQLite.Database['prepare'];
}

/**
 * `Db.read` on SQLite: answers at once while no query or transaction holds the one
 * connection. A held connection means a transaction may be between its statements, so the
 * read waits its turn through Kysely, or it would see that transaction's uncommitted rows.
 */
export function readWhenFree(
  database: SQLite.Database,
  lock: FifoLock,
  kysely: Kysely<Database>,
): Db['read'] {
  return <O>({ query, parameters }: BoundStatement<O>) =>
    lock.held
      ? kysely.executeQuery<O>({ ...query, parameters }).then((r) => r.rows)
      : Promise.resolve(database.prepare(query.sql).all(...parameters) as O[]);
}
