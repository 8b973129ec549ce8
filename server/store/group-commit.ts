import type SqliteDatabase from "better-sqlite3";
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from "kysely";

// Group commit for SQLite: a Kysely dialect over one better-sqlite3 connection
// in which every `db.transaction()` is a SAVEPOINT inside one shared
// `BEGIN IMMEDIATE` transaction. The shared transaction is committed (one
// fsynced COMMIT for the whole group) once per event-loop turn, or at once when
// MAX_GROUP transactions are waiting. A caller's transaction resolves only
// after that COMMIT succeeded, so "acknowledged" still means "durable"; if the
// COMMIT fails, every caller of the group gets the error. A caller that throws
// rolls back to its own savepoint only.
//
// The one connection is handed out to one holder at a time (a FIFO lock), and a
// transaction holds it from BEGIN to its RELEASE SAVEPOINT, so two callers'
// statements never interleave; it is released at RELEASE time, before the
// COMMIT, so the next callers add their savepoints to the same group. Members of
// a group see each other's released work before it is committed; they commit or
// fail together, so nothing acknowledged can depend on something lost.
// Statements outside a transaction (reads, the export, the inbox, PRAGMAs)
// first commit whatever is pending, then run on their own, so they see and
// leave committed data only.
//
// Durability off the event loop (`syncWal`): the connection runs with
// synchronous=NORMAL, so a COMMIT only writes the WAL, and `syncWal` (an
// fdatasync of the WAL in libuv's thread pool) makes it durable. Callers are
// told "done" only after a sync that began after their COMMIT. While a sync is
// in flight the open group stays open and keeps gathering members, so one
// COMMIT and one sync serve as many callers as arrive during a disk flush.
// Without `syncWal`, every COMMIT is durable by itself (synchronous=FULL) and
// blocks the event loop for the fsync.

/** At most this many transactions share one COMMIT. */
export const MAX_GROUP = 256;
/** Prepared statements kept, keyed by SQL text. */
export const STATEMENT_CACHE_SIZE = 300;

export interface GroupCommitOptions {
  database: SqliteDatabase.Database;
  maxGroup?: number;
  /** Runs before the connection closes, after the last COMMIT (stops the checkpointer). */
  onDestroy?: () => Promise<void>;
  /**
   * Makes every COMMIT that has returned durable (an fdatasync of the WAL). When
   * given, the connection must run with synchronous=NORMAL and callers wait for it.
   */
  syncWal?: () => Promise<void>;
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Members await it; a group that ends up with none must not be an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** The transactions that share one BEGIN … COMMIT. */
interface Group {
  members: number;
  done: Deferred;
}

/** The savepoint of a group member's transaction (members take turns, so one name serves all). */
const MEMBER_SAVEPOINT = "group_member";

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** One turn with the connection: from acquire (or BEGIN) to release (or RELEASE SAVEPOINT). */
class Lease implements DatabaseConnection {
  holding = false;
  /** The savepoint of this lease's transaction while it is open. */
  savepoint: string | null = null;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }

  streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.driver.stream<R>(this, query);
  }
}

export class GroupCommitDriver implements Driver {
  readonly #db: SqliteDatabase.Database;
  readonly #maxGroup: number;
  readonly #onDestroy?: () => Promise<void>;
  readonly #syncWal?: () => Promise<void>;
  /** Committed work waiting for the next sync to begin, and whether one is running. */
  #awaitingSync: Deferred[] = [];
  #syncing = false;
  readonly #statements = new Map<string, SqliteDatabase.Statement>();
  /** Who holds the connection, and who waits for it (first come, first served). */
  #holder: Lease | null = null;
  readonly #waiting: { lease: Lease; granted: () => void }[] = [];
  #group: Group | null = null;
  #flushScheduled = false;
  #commits = 0;
  #destroyed = false;

  constructor({ database, maxGroup = MAX_GROUP, onDestroy, syncWal }: GroupCommitOptions) {
    this.#db = database;
    this.#maxGroup = maxGroup;
    this.#onDestroy = onDestroy;
    this.#syncWal = syncWal;
  }

  async init(): Promise<void> {}

  /** COMMITs of the shared transaction so far (each made durable by one fsync). */
  get commits(): number {
    return this.#commits;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const lease = new Lease(this);
    await this.#hold(lease);
    return lease;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#release(connection as Lease);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    await this.#hold(lease);
    if (!this.#db.inTransaction) {
      this.#failGroup(new Error("the shared transaction ended before it was committed"));
      this.#run("BEGIN IMMEDIATE");
      this.#group = { members: 0, done: deferred() };
      this.#scheduleFlush();
    }
    // One name for every member: they never overlap, and the statements stay in the cache.
    this.#run(`SAVEPOINT ${MEMBER_SAVEPOINT}`);
    lease.savepoint = MEMBER_SAVEPOINT;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    await this.#hold(lease);
    const name = lease.savepoint;
    if (name === null) throw new Error("no transaction to commit");
    const group = this.#group;
    if (!this.#db.inTransaction || !group) {
      lease.savepoint = null;
      throw new Error("the shared transaction ended before it was committed");
    }
    this.#run(`RELEASE ${name}`);
    lease.savepoint = null;
    group.members += 1;
    if (group.members >= this.#maxGroup) this.#commitPending();
    // The next caller may add its savepoint to this group while the COMMIT waits.
    this.#release(lease);
    await group.done.promise;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const name = lease.savepoint;
    // Already released: its group's COMMIT failed and every member was told.
    if (name === null) return;
    await this.#hold(lease);
    lease.savepoint = null;
    if (this.#db.inTransaction) {
      this.#run(`ROLLBACK TO ${name}`);
      this.#run(`RELEASE ${name}`);
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.execute(connection as Lease, CompiledQuery.raw(`SAVEPOINT ${quote(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.execute(connection as Lease, CompiledQuery.raw(`ROLLBACK TO ${quote(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.execute(connection as Lease, CompiledQuery.raw(`RELEASE ${quote(name)}`));
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    this.#destroyed = true;
    const lease = new Lease(this);
    await this.#hold(lease);
    try {
      this.#commitPending();
      await this.#durable();
      await this.#onDestroy?.();
    } finally {
      this.#release(lease);
      this.#statements.clear();
      this.#db.close();
    }
  }

  /**
   * Commits whatever is pending, once the connection is free (the scheduled end
   * of each turn). While a sync is in flight the group stays open to gather more
   * members; the sync's end flushes it.
   */
  async flush(): Promise<void> {
    const lease = new Lease(this);
    await this.#hold(lease);
    try {
      if (!this.#syncing || (this.#group?.members ?? 0) >= this.#maxGroup) this.#commitPending();
    } finally {
      this.#release(lease);
    }
  }

  async execute<R>(lease: Lease, query: CompiledQuery): Promise<QueryResult<R>> {
    await this.#hold(lease);
    // Outside a transaction a statement sees (and leaves) committed data only.
    if (lease.savepoint === null && this.#db.inTransaction) this.#commitPending();
    try {
      const statement = this.#prepare(query.sql);
      const standalone = lease.savepoint === null;
      if (statement.reader) {
        const rows = statement.all(query.parameters) as R[];
        // A write with RETURNING outside a transaction committed by itself: durable before it answers.
        if (standalone && !statement.readonly) await this.#durable();
        return { rows };
      }
      const { changes, lastInsertRowid } = statement.run(query.parameters);
      if (standalone) await this.#durable();
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (error) {
      // Some errors (disk full, I/O) make SQLite roll the whole transaction back: the group is lost.
      if (this.#group && !this.#db.inTransaction) this.#failGroup(error);
      throw error;
    }
  }

  async *stream<R>(lease: Lease, query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error("only select queries can be streamed");
    await this.#hold(lease);
    if (lease.savepoint === null && this.#db.inTransaction) this.#commitPending();
    // Not from the cache: an iterating statement cannot run twice at once.
    for (const row of this.#db.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
  }

  #prepare(sqlText: string): SqliteDatabase.Statement {
    const cached = this.#statements.get(sqlText);
    if (cached) {
      // Most recently used last: the first entry is the one to drop.
      this.#statements.delete(sqlText);
      this.#statements.set(sqlText, cached);
      return cached;
    }
    const statement = this.#db.prepare(sqlText);
    this.#statements.set(sqlText, statement);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    return statement;
  }

  #run(sqlText: string) {
    this.#prepare(sqlText).run();
  }

  /** COMMITs the shared transaction and settles its group; the caller holds the connection. */
  #commitPending() {
    const group = this.#group;
    this.#group = null;
    if (!this.#db.inTransaction) {
      group?.done.reject(new Error("the shared transaction ended before it was committed"));
      return;
    }
    try {
      this.#run("COMMIT");
      this.#commits += 1;
    } catch (error) {
      try {
        if (this.#db.inTransaction) this.#run("ROLLBACK");
      } finally {
        group?.done.reject(error);
      }
      return;
    }
    if (group) this.#durable().then(group.done.resolve, group.done.reject);
  }

  /** Resolves once what has been committed so far is durable: after a sync that begins from now on. */
  #durable(): Promise<void> {
    if (!this.#syncWal) return Promise.resolve();
    const waiter = deferred();
    this.#awaitingSync.push(waiter);
    this.#startSync();
    return waiter.promise;
  }

  #startSync() {
    const syncWal = this.#syncWal;
    if (!syncWal || this.#syncing || this.#awaitingSync.length === 0) return;
    const waiters = this.#awaitingSync;
    this.#awaitingSync = [];
    this.#syncing = true;
    syncWal().then(
      () => this.#afterSync(waiters, { ok: true }),
      (error: unknown) => this.#afterSync(waiters, { ok: false, error }),
    );
  }

  #afterSync(waiters: Deferred[], outcome: { ok: true } | { ok: false; error: unknown }) {
    this.#syncing = false;
    for (const waiter of waiters) {
      if (outcome.ok) waiter.resolve();
      else waiter.reject(outcome.error);
    }
    // The group gathered during the sync is committed now, and its own sync begins.
    if (this.#group) this.#scheduleFlush();
    this.#startSync();
  }

  #failGroup(error: unknown) {
    const group = this.#group;
    this.#group = null;
    group?.done.reject(error);
  }

  #scheduleFlush() {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    setImmediate(() => {
      this.#flushScheduled = false;
      // A failed COMMIT is reported to the group's members; nothing else to tell here.
      this.flush().catch(() => undefined);
    });
  }

  async #hold(lease: Lease): Promise<void> {
    if (lease.holding) return;
    if (this.#holder === null) {
      this.#holder = lease;
    } else {
      await new Promise<void>((granted) => this.#waiting.push({ lease, granted }));
    }
    lease.holding = true;
  }

  #release(lease: Lease) {
    if (!lease.holding) return;
    lease.holding = false;
    const next = this.#waiting.shift();
    this.#holder = next?.lease ?? null;
    next?.granted();
  }
}

/** Kysely's SQLite dialect with the group-commit driver in place of its own. */
export class GroupCommitDialect implements Dialect {
  readonly #options: GroupCommitOptions;
  #driver: GroupCommitDriver | undefined;

  constructor(options: GroupCommitOptions) {
    this.#options = options;
  }

  createDriver(): Driver {
    this.#driver = new GroupCommitDriver(this.#options);
    return this.#driver;
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }

  /** The driver Kysely created (for tests that flush or inspect it). */
  get driver(): GroupCommitDriver | undefined {
    return this.#driver;
  }
}
