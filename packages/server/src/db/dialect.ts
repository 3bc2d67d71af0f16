import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type CompiledQuery, type SelectQueryBuilder } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';
import { FairSqliteDialect } from './sqlite-dialect.js';
import { checkpointWhenIdle } from './wal-checkpoints.js';

/** The only module that knows which engine is underneath. */
export type Engine = 'sqlite' | 'postgres';

/** A compiled statement with its parameters bound, named so PostgreSQL can plan it once. */
export interface BoundStatement<O> {
  /** Unique per query text: PostgreSQL keeps one prepared statement of it per connection. */
  name: string;
  query: CompiledQuery<O>;
  parameters: readonly unknown[];
}

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /**
   * Runs a prepared read (db/prepared-read.ts) outside any transaction. SQLite answers
   * synchronously whenever no transaction holds its one connection; PostgreSQL runs it as a
   * named statement, parsed and planned once per connection.
   */
  read<O>(bound: BoundStatement<O>): Promise<O[]>;
  /**
   * PostgreSQL only: runs one statement by itself (its own transaction), named like `read`.
   * With writes inside WITH, several writes can be one such statement: one round trip, atomic
   * without BEGIN and COMMIT. SQLite cannot write inside WITH (and counts its commits for the
   * read cache through Kysely's transactions), so it has none.
   */
  runAlone?: <O>(bound: BoundStatement<O>) => Promise<O[]>;
  /**
   * SQLite only: how many transactions this process has committed. The server holds the file
   * exclusively, so while this count stands still nothing in the database has changed.
   * Undefined on PostgreSQL, where other servers write too.
   */
  committedTransactions?: () => number;
  /** Connections open, idle, and queries waiting for one (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * SQLite only: a consistent copy of the database into `destination` (SQLite's online backup),
   * taken while the server serves. It holds the connection meanwhile, so no transaction is half
   * done in it; requests that need the database wait for it, others go on.
   */
  backup?: (destination: string) => Promise<void>;
}

export function createDb(
  config: Pick<Config, 'databaseUrl' | 'sqliteFile' | 'databasePoolSize' | 'databaseSchema'>,
): Db {
  if (config.databaseUrl && config.databaseUrl !== ':memory:') {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.databasePoolSize,
      ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
    });
    const named = async <O>({ name, query, parameters }: BoundStatement<O>) =>
      (await pool.query({ name, text: query.sql, values: parameters as unknown[] })).rows as O[];
    return {
      kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      engine: 'postgres',
      read: named,
      runAlone: named,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const file = config.databaseUrl === ':memory:' ? ':memory:' : config.sqliteFile;
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = openSqlite(file);
  // NORMAL sync is durable across process crashes in WAL mode (only an OS crash can lose the
  // last commits).
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  cachePreparedStatements(database);
  let checkpoints: ReturnType<typeof checkpointWhenIdle> | undefined;
  const dialect = new FairSqliteDialect({ database, onRelease: () => checkpoints?.used() });
  if (file !== ':memory:') {
    database.pragma('wal_autocheckpoint = 0');
    checkpoints = checkpointWhenIdle((reason) => {
      // 'busy' comes from a release: between two uses, no transaction is open. The idle timer
      // can fire while a transaction waits between statements: its release will ask again.
      if (!database.open || (reason === 'idle' && dialect.lock.held)) return;
      try {
        // Idle: also empty the WAL file, so it does not keep its largest size on disk.
        database.pragma(`wal_checkpoint(${reason === 'idle' ? 'TRUNCATE' : 'PASSIVE'})`);
      } catch {
        // Only an I/O failure can stop it (the file is ours alone); the next write meets the
        // same failure and reports it, and the next checkpoint tries again.
      }
    });
  }
  const kysely = new Kysely<Database>({ dialect });
  return {
    kysely,
    engine: 'sqlite',
    committedTransactions: () => dialect.commits.count,
    poolStats: () => ({ total: 1, idle: dialect.lock.held ? 0 : 1, waiting: dialect.lock.waiting }),
    backup: (destination) =>
      kysely.connection().execute(async () => {
        await database.backup(destination);
      }),
    // Going through Kysely's driver (async lock, plugins, result transform) cost a read as much
    // as the rest of a request; a free connection can simply answer now. A held one means a
    // transaction is between statements: wait for it, or the read would see its uncommitted rows.
    read: <O>({ query, parameters }: BoundStatement<O>) =>
      dialect.lock.held
        ? kysely.executeQuery<O>({ ...query, parameters }).then((r) => r.rows)
        : Promise.resolve(database.prepare(query.sql).all(...parameters) as O[]),
  };
}

/** Start-up found the SQLite file held by another process (server.ts prints just this line). */
export class DatabaseInUseError extends Error {
  constructor(file: string, cause: unknown) {
    super(`The database ${file} is in use by another process: is SpellWell already running with this DATA_DIR?`, {
      cause,
    });
  }
}

/**
 * Opens the embedded database for this process alone. One server process owns the file (more
 * servers means PostgreSQL), so it holds the file lock for good instead of taking and
 * dropping it around every statement: those system calls were two thirds of a cached read's
 * database time (docs/decisions/004-read-path.md). A second server on the same DATA_DIR is
 * refused at start-up with a clear message instead of sharing the file.
 */
function openSqlite(file: string): SQLite.Database {
  const database = new SQLite(file);
  try {
    // Before WAL is first used, so SQLite keeps the WAL index in memory, not in a shared file.
    if (file !== ':memory:') database.pragma('locking_mode = EXCLUSIVE');
    database.pragma('journal_mode = WAL');
    return database;
  } catch (error) {
    database.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    throw new DatabaseInUseError(file, error);
  }
}

const STATEMENT_CACHE_MAX = 500;

/**
 * Kysely's SQLite driver prepares every query again (~5% of a read route's CPU). The same SQL
 * text always gives an equivalent statement, so keep them; statements run synchronously, so a
 * cached one is never in use twice at once. Bounded: queries with IN lists make many texts.
 */
function cachePreparedStatements(database: SQLite.Database): void {
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
 * Row lock for read-modify-write inside a transaction. PostgreSQL needs FOR UPDATE; SQLite has
 * one writer at a time and Kysely runs its transactions on one connection, so it needs none.
 */
export function forUpdate<QB extends SelectQueryBuilder<Database, keyof Database, object>>(
  db: Db,
  query: QB,
): QB {
  return db.engine === 'postgres' ? (query.forUpdate() as QB) : query;
}

/**
 * A weaker row lock for rows whose key is not changed (PostgreSQL FOR NO KEY UPDATE): it still
 * serialises writers of the row but lets other transactions insert rows referencing it, so a
 * word-list edit holding its set does not deadlock with a grade inserting a review of that set.
 */
export function forNoKeyUpdate<QB extends SelectQueryBuilder<Database, keyof Database, object>>(
  db: Db,
  query: QB,
): QB {
  return db.engine === 'postgres' ? (query.forNoKeyUpdate() as QB) : query;
}

export const toBool = (value: number | boolean | null | undefined): boolean => value === 1 || value === true;
export const fromBool = (value: boolean): number => (value ? 1 : 0);

export const nowIso = (): string => new Date().toISOString();
