import type { Compilable, Transaction } from 'kysely';
import type { BoundStatement, Db } from './database.js';
import type { Database } from './schema.js';

/** Stands in for a parameter while the query is compiled; no real value looks like it. */
const PLACEHOLDER = '\u0000spellwell-param:';
let statementCount = 0;

/** A placeholder for `name`, typed as the column it stands in for (text unless told). */
export type Param<P extends string> = <T = string>(name: P) => T;

/** What a statement binds: text, numbers and null, or an array for PostgreSQL's `= any(...)`. */
export type StatementParams<P extends string> = Record<P, string | number | null | readonly string[]>;

export interface Statement<P extends string, O> {
  /**
   * Reads outside any transaction, the engine's fastest way (`Db.read`): never sees another
   * transaction's uncommitted rows.
   */
  read(params: StatementParams<P>): Promise<O[]>;
  readFirst(params: StatementParams<P>): Promise<O | undefined>;
  /** Runs on the caller's transaction: its connection, its row locks, its commit or rollback. */
  inTransaction(trx: Transaction<Database>, params: StatementParams<P>): Promise<O[]>;
  firstInTransaction(trx: Transaction<Database>, params: StatementParams<P>): Promise<O | undefined>;
  /**
   * PostgreSQL only (undefined on SQLite): runs the statement by itself, atomic on its own, as
   * a named statement. With writes inside WITH, several writes are one round trip.
   */
  alone?: (params: StatementParams<P>) => Promise<O[]>;
}

/**
 * A query the server runs often, built with Kysely once, at start-up, instead of on every
 * request: building and compiling the query tree cost more than the database's own work for
 * the small queries of the read routes and of grading (docs/performance.md). `build` receives
 * `param(name)` to use wherever a value varies; each run binds those names to values.
 *
 *   const wordsOfSet = statement(db, (param: Param<'wordSetId'>) =>
 *     db.kysely.selectFrom('words').selectAll().where('word_set_id', '=', param('wordSetId')));
 *   await wordsOfSet.read({ wordSetId });
 *   await saveSchedule.inTransaction(trx, { id, interval });
 *   await saveGrade.alone?.({ ... });   // PostgreSQL: writes inside WITH, one round trip
 *
 * Queries that run rarely, or whose shape varies, stay plain Kysely.
 */
export function statement<P extends string, O>(
  db: Db,
  build: (param: Param<P>) => Compilable<O>,
): Statement<P, O> {
  const bound = compileOnce(build);
  const read = (params: StatementParams<P>) => db.read(bound(params));
  const inTransaction = async (trx: Transaction<Database>, params: StatementParams<P>) => {
    const { query, parameters } = bound(params);
    return (await trx.executeQuery<O>({ ...query, parameters })).rows;
  };
  const { runAlone } = db;
  return {
    read,
    readFirst: async (params) => (await read(params))[0],
    inTransaction,
    firstInTransaction: async (trx, params) => (await inTransaction(trx, params))[0],
    ...(runAlone ? { alone: (params: StatementParams<P>) => runAlone(bound(params)) } : {}),
  };
}

function compileOnce<P extends string, O>(build: (param: Param<P>) => Compilable<O>) {
  // The one place the placeholder poses as a column's type: it only exists while compiling.
  const placeholder = ((name: P) => `${PLACEHOLDER}${name}`) as Param<P>;
  const query = build(placeholder).compile();
  const slots = query.parameters.map((value) =>
    typeof value === 'string' && value.startsWith(PLACEHOLDER)
      ? (value.slice(PLACEHOLDER.length) as P)
      : undefined,
  );
  const name = `spellwell_statement_${++statementCount}`;
  return (params: StatementParams<P>): BoundStatement<O> => ({
    name,
    query,
    parameters: slots.map((slot, i) => (slot === undefined ? query.parameters[i] : params[slot])),
  });
}
