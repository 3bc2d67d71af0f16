import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { BoundStatement, Db } from './database.js';
import type { Database } from './schema.js';
import { FairSqliteDialect } from './sqlite-dialect.js';
import { cachePreparedStatements, readWhenFree } from './sqlite-fast-path.js';
import { checkpointWhenIdle } from './wal-checkpoints.js';

export type DbConfig = Pick<Config, 'databaseUrl' | 'sqliteFile' | 'databasePoolSize' | 'databaseSchema'>;

/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, otherwise
 * the embedded SQLite file in DATA_DIR (`:memory:` in tests). This is where each engine's
 * settings are made, once, at start-up.
 */
export function createDb(config: DbConfig): Db {
  if (config.databaseUrl && config.databaseUrl !== ':memory:')
    return createPostgresDb(config.databaseUrl, config);
  return createSqliteDb(config.databaseUrl === ':memory:' ? ':memory:' : config.sqliteFile);
}

function createPostgresDb(connectionString: string, config: DbConfig): Db {
  const pool = new pg.Pool({
    connectionString,
    max: config.databasePoolSize,
    ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
  });
  // Named, so each connection parses and plans the statement once.
  const named = async <O>({ name, query, parameters }: BoundStatement<O>) =>
    (await pool.query({ name, text: query.sql, values: parameters as unknown[] })).rows as O[];
  return {
    kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    engine: 'postgres',
    read: named,
    runAlone: named,
  };
}

function createSqliteDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = openSqliteFile(file);
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
    read: readWhenFree(database, dialect.lock, kysely),
  };
}

/** Start-up found the SQLite file held by another process (server.ts prints just this line). */
export class DatabaseInUseError extends Error {
  constructor(file: string, cause: unknown) {
    super(
      `The database ${file} is in use by another process: is SpellWell already running with this DATA_DIR?`,
      {
        cause,
      },
    );
  }
}

/**
 * Opens the embedded database for this process alone. One server process owns the file (more
 * servers means PostgreSQL), so it holds the file lock for good instead of taking and
 * dropping it around every statement, which dominated a cached read's time in the database
 * (decision 004). A second server on the same DATA_DIR is refused at start-up with a clear
 * message instead of sharing the file.
 */
function openSqliteFile(file: string): SQLite.Database {
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
