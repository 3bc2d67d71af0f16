import {
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * A first-come, first-served lock that can say whether it is held. Kysely's own SQLite mutex
 * cannot (and wakes every waiter on each unlock); the fast read (sqlite-fast-path.ts) needs to
 * know, to answer at once only while no transaction is between its statements.
 */
export class FifoLock {
  #held = false;
  readonly #waiters: (() => void)[] = [];

  lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters.shift();
    // The lock passes straight to the next waiter, so nobody can slip in between.
    if (next) next();
    else this.#held = false;
  }

  /** True while a query or transaction has the connection (or is waiting for it). */
  get held(): boolean {
    return this.#held;
  }

  /** How many are queued behind the holder. */
  get waiting(): number {
    return this.#waiters.length;
  }
}

/**
 * Kysely's SQLite driver with our lock in front of its one connection. Its own mutex is then
 * never contended, and the driver keeps its behaviour: a transaction holds the connection from
 * begin to commit.
 */
class FairSqliteDriver extends SqliteDriver implements Driver {
  readonly #lock: FifoLock;
  readonly #commits: { count: number };
  readonly #onRelease: (() => void) | undefined;

  constructor(
    config: SqliteDialectConfig,
    lock: FifoLock,
    commits: { count: number },
    onRelease?: () => void,
  ) {
    super(config);
    this.#lock = lock;
    this.#commits = commits;
    this.#onRelease = onRelease;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await super.commitTransaction(connection);
    this.#commits.count += 1;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.lock();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#onRelease?.();
    this.#lock.unlock();
  }
}

export class FairSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #onRelease: (() => void) | undefined;
  /** Shared with the fast read (sqlite-fast-path.ts): it reads at once only while the connection is free. */
  readonly lock = new FifoLock();
  /** Transactions committed through this connection (`Db.committedTransactions`). */
  readonly commits = { count: 0 };

  /** `onRelease` runs each time a query or transaction gives the connection back (wal-checkpoints.ts). */
  constructor(config: SqliteDialectConfig & { onRelease?: () => void }) {
    super(config);
    this.#config = config;
    this.#onRelease = config.onRelease;
  }

  override createDriver(): Driver {
    return new FairSqliteDriver(this.#config, this.lock, this.commits, this.#onRelease);
  }
}
