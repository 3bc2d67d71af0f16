import type { Compilable } from 'kysely';
import type { BoundRead, Db } from './dialect.js';

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
  const query = build((name) => `${PLACEHOLDER}${name}`).compile();
  const slots = query.parameters.map((value) =>
    typeof value === 'string' && value.startsWith(PLACEHOLDER)
      ? (value.slice(PLACEHOLDER.length) as P)
      : undefined,
  );
  const name = `spellwell_read_${++statementCount}`;
  const bind = (params: ReadParams<P>): BoundRead<O> => ({
    name,
    query,
    parameters: slots.map((slot, i) => (slot === undefined ? query.parameters[i] : params[slot])),
  });
  return {
    all: (params) => db.read(bind(params)),
    first: async (params) => (await db.read(bind(params)))[0],
  };
}
