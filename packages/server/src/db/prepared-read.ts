import type { Compilable, Kysely } from 'kysely';
import type { BoundStatement, Db } from './dialect.js';
import type { Database } from './schema.js';

/** Stands in for a parameter while the query is compiled; no real value looks like it. */
const PLACEHOLDER = '\u0000spellwell-param:';
let statementCount = 0;

/** Values are bound as they are: text mostly, an array for PostgreSQL's `= any(...)`. */
export type ReadParams<P extends string> = Record<P, string | readonly string[]>;

export interface PreparedRead<P extends string, O> {
  all(params: ReadParams<P>): Promise<O[]>;
  first(params: ReadParams<P>): Promise<O | undefined>;
}

/**
 * A hot read built with Kysely once, at start-up, instead of on every request: building and
 * compiling the query tree cost more than SQLite's own work for the small queries of the read
 * routes (docs/performance.md). `build` receives `param(name)` to use where a value varies;
 * each call of the result binds those names to values. Reads only: writes keep Kysely's
 * transactions.
 *
 *   const detail = prepareRead(db, (param) =>
 *     db.kysely.selectFrom('words').selectAll().where('word_set_id', '=', param('wordSetId')));
 *   await detail.all({ wordSetId });
 */
export function prepareRead<P extends string, O>(
  db: Db,
  build: (param: (name: P) => string) => Compilable<O>,
): PreparedRead<P, O> {
  const bound = prepareAlone(build);
  return {
    all: (params) => db.read(bound(params)),
    first: async (params) => (await db.read(bound(params)))[0],
  };
}

/** Values a prepared statement binds: text, numbers and null (writes), arrays (`= any(...)`). */
export type StatementParams<P extends string> = Record<P, string | number | null | readonly string[]>;

/** A placeholder for `name`, typed as the column it stands in for (text unless told). */
export type StatementParam<P extends string> = <T = string>(name: P) => T;

/** What runs a statement: the Kysely instance, or the transaction a write is in. */
export type StatementExecutor = Pick<Kysely<Database>, 'executeQuery'>;

export interface PreparedStatement<P extends string, O> {
  all(executor: StatementExecutor, params: StatementParams<P>): Promise<O[]>;
  first(executor: StatementExecutor, params: StatementParams<P>): Promise<O | undefined>;
}

/**
 * prepareRead's compile-once for the statements of the hot write (grading): they run through
 * Kysely on the caller's transaction, so the row locks and the transaction's connection are
 * Kysely's as before; only building and compiling the SQL on every request is gone (a fifth
 * of a grade's server time, docs/performance.md).
 *
 *   const save = prepareStatement((param: StatementParam<'id' | 'interval'>) =>
 *     kysely.updateTable('words').set({ interval: param<number>('interval') }).where('id', '=', param('id')));
 *   await save.all(trx, { id, interval });
 */
export function prepareStatement<P extends string, O>(
  build: (param: StatementParam<P>) => Compilable<O>,
): PreparedStatement<P, O> {
  const { query, bind } = compileOnce(build);
  const all = async (executor: StatementExecutor, params: StatementParams<P>) =>
    (await executor.executeQuery<O>({ ...query, parameters: bind(params) })).rows;
  return { all, first: async (executor, params) => (await all(executor, params))[0] };
}

/**
 * A statement compiled once and bound to each call's values, named so PostgreSQL plans it once
 * per connection: what `db.read` runs (prepareRead), and `db.runAlone` on PostgreSQL.
 */
export function prepareAlone<P extends string, O>(
  build: (param: StatementParam<P>) => Compilable<O>,
): (params: StatementParams<P>) => BoundStatement<O> {
  const { query, bind } = compileOnce(build);
  const name = `spellwell_statement_${++statementCount}`;
  return (params) => ({ name, query, parameters: bind(params) });
}

function compileOnce<P extends string, O>(build: (param: StatementParam<P>) => Compilable<O>) {
  // The one place the placeholder poses as a column's type: it only exists while compiling.
  const placeholder = ((name: P) => `${PLACEHOLDER}${name}`) as StatementParam<P>;
  const query = build(placeholder).compile();
  const slots = query.parameters.map((value) =>
    typeof value === 'string' && value.startsWith(PLACEHOLDER)
      ? (value.slice(PLACEHOLDER.length) as P)
      : undefined,
  );
  const bind = (params: Record<P, unknown>): readonly unknown[] =>
    slots.map((slot, i) => (slot === undefined ? query.parameters[i] : params[slot]));
  return { query, bind };
}
