import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

/** A compiled statement with its parameters bound, named so PostgreSQL can plan it once. */
export interface BoundStatement<O> {
  /** Unique per query text: PostgreSQL keeps one prepared statement of it per connection. */
  name: string;
  query: CompiledQuery<O>;
  parameters: readonly unknown[];
}

/**
 * The database as the app sees it: Kysely for queries and transactions, and a fast read for
 * the compiled statements (statement.ts). What differs between the engines is set up behind
 * these fields in create-db.ts. Elsewhere only row-locks.ts and the migration's schema choice
 * read `engine`, and the read cache's version reader asks for `committedTransactions`.
 */
export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /**
   * Runs a read outside any transaction, each engine its fastest way (sqlite-fast-path.ts;
   * on PostgreSQL a named statement, parsed and planned once per connection). Called through
   * `statement(...).read`, never directly.
   */
  read<O>(bound: BoundStatement<O>): Promise<O[]>;
  /**
   * PostgreSQL only: runs one statement by itself (its own transaction), named like `read`.
   * Called through `statement(...).alone`. SQLite has none: it cannot write inside WITH, and
   * its read cache counts the commits made through Kysely's transactions.
   */
  runAlone?: <O>(bound: BoundStatement<O>) => Promise<O[]>;
  /**
   * SQLite only: how many transactions this process has committed. The server holds the file
   * exclusively, so while this count stands still nothing in the database has changed.
   * Undefined on PostgreSQL, where other servers write too.
   */
  committedTransactions?: () => number;
}
