import { open, type FileHandle } from "node:fs/promises";
import type SqliteDatabase from "better-sqlite3";
import { SelectQueryNode, SqliteAdapter, SqliteDialect, SqliteDriver, type AbortableOperationOptions, type CompiledQuery, type DatabaseConnection, type DialectAdapter, type Driver } from "kysely";

// Kysely's own SqliteDialect, with one change: whoever wrote through the
// connection is answered only after an fdatasync of the WAL that began after
// its write, run in libuv's thread pool and shared by everyone who wrote
// meanwhile. The connection runs with synchronous=NORMAL, so a COMMIT only
// writes the WAL, and the one connection is free for the next caller while the
// disk flushes. With synchronous=FULL each COMMIT's fsync stopped the event
// loop and was paid once per lead (docs/adr/0002-store-and-durability.md has
// the figures).
//
// The one connection's turns are this driver's own (connectionTurns): Kysely's
// lock for single-connection dialects is let go only once the driver's release
// has returned, which here waits for the disk, so each writer would hold the
// connection through its own fdatasync, one at a time, and every caller behind
// it (a lead behind a flood of sign-in attempts) would wait for all of them.

/** The one connection, to one caller at a time, in the order they asked. */
export function connectionTurns() {
  let taken = false;
  const waiting: (() => void)[] = [];
  return {
    async take(): Promise<void> {
      if (!taken) {
        taken = true;
        return;
      }
      // Handed over by give() with `taken` still set, so nobody slips in between.
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    give(): void {
      const next = waiting.shift();
      if (next) next();
      else taken = false;
    },
  };
}

/** One fdatasync at a time of the WAL file; a caller joins the next one to begin. */
export function walSyncer(walPath: string) {
  let handle: Promise<FileHandle> | null = null;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const syncOnce = async () => {
    // SQLite creates the WAL on first use and keeps the same file while the store is open.
    // A failed open is tried again on the next sync.
    handle ??= open(walPath, "r").catch((error: unknown) => {
      handle = null;
      throw error;
    });
    await (await handle).datasync();
  };
  const sync = (): Promise<void> => {
    if (!running) {
      running = syncOnce().finally(() => (running = null));
      return running;
    }
    // A sync in flight may have begun before this caller's write: wait for the next.
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return sync();
      });
    return queued;
  };
  return {
    sync,
    close: async () => {
      await Promise.allSettled([running, queued]);
      const opened = handle;
      handle = null;
      await (await opened?.catch(() => null))?.close();
    },
  };
}

class WalSyncedDriver extends SqliteDriver {
  readonly #wal: ReturnType<typeof walSyncer>;
  readonly #turns = connectionTurns();
  #wrote = false;

  constructor(database: SqliteDatabase.Database, wal: ReturnType<typeof walSyncer>) {
    super({ database });
    this.#wal = wal;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.take();
    const connection = await super.acquireConnection();
    // One connection, held by one caller at a time: what it runs is this caller's.
    this.#wrote = false;
    return {
      executeQuery: <R>(query: CompiledQuery, options?: AbortableOperationOptions) => {
        if (!SelectQueryNode.is(query.query)) this.#wrote = true;
        return connection.executeQuery<R>(query, options);
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize: number, options?: AbortableOperationOptions) => connection.streamQuery<R>(query, chunkSize, options),
    };
  }

  override async releaseConnection(): Promise<void> {
    const wrote = this.#wrote;
    await super.releaseConnection();
    // The next caller has the connection while this one's writes reach the disk.
    this.#turns.give();
    if (wrote) await this.#wal.sync();
  }

  override async destroy(): Promise<void> {
    await this.#wal.close();
    await super.destroy();
  }
}

/** Kysely's SQLite dialect over `database` (WAL, synchronous=NORMAL), answering writers once the WAL is on disk. */
export class WalSyncedSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase.Database;

  constructor(database: SqliteDatabase.Database) {
    super({ database });
    if (database.pragma("journal_mode", { simple: true }) !== "wal") throw new Error("WalSyncedSqliteDialect needs journal_mode=WAL: it makes COMMITs durable by syncing the WAL");
    this.#database = database;
  }

  override createDriver(): Driver {
    return new WalSyncedDriver(this.#database, walSyncer(`${this.#database.name}-wal`));
  }

  // Kysely takes "one connection" to mean its own lock around each caller, held through the
  // driver's release; the driver keeps the turns itself instead (connectionTurns).
  override createAdapter(): DialectAdapter {
    return new TurnTakingSqliteAdapter();
  }
}

class TurnTakingSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}
