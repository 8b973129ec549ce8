import { mkdirSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, sql, PostgresDialect, type Migration, type MigrationProvider } from "kysely";
import pg from "pg";
import { startCheckpointer, type Checkpointer } from "./checkpointer";
import { GroupCommitDialect } from "./group-commit";
import * as leads0001 from "./migrations/0001-leads";
import * as outbox0002 from "./migrations/0002-outbox";
import * as analytics0005 from "./migrations/0005-analytics";
import type { Database } from "./schema";

// Opens the lead store's database (SQLite by default, PostgreSQL when a URL is
// given) and brings its schema up to date before anything else touches it.

/** Every migration, in order. A new one is a new file in migrations/ and a line here. */
const migrations: Record<string, Migration> = {
  "0001-leads": leads0001,
  "0002-outbox": outbox0002,
  "0005-analytics": analytics0005,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export type Dialect = "sqlite" | "postgres";

export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
}

export interface DatabaseOptions {
  /** postgres://… ; without it, SQLite at dataDir/leads.db. */
  databaseUrl?: string;
  dataDir: string;
}

/**
 * fdatasync of the WAL file on a descriptor of our own (the data is the file's,
 * whichever descriptor wrote it), opened on first use: SQLite creates the WAL
 * when the connection first reads, and keeps the same file until it closes.
 */
function walSyncer(walPath: string) {
  let handle: Promise<FileHandle> | null = null;
  return {
    sync: async () => {
      // A failed open is tried again on the next sync.
      handle ??= open(walPath, "r").catch((error: unknown) => {
        handle = null;
        throw error;
      });
      await (await handle).datasync();
    },
    close: async () => {
      const opened = handle;
      handle = null;
      await (await opened?.catch(() => null))?.close();
    },
  };
}

/** The lead store's SQLite file as the store runs it: its connection, checkpointer thread and WAL syncer. */
export interface SqliteFile {
  file: SqliteDatabase.Database;
  checkpointer: Checkpointer;
  wal: ReturnType<typeof walSyncer>;
}

/** Opens `filePath` with the store's settings; the bench's "SQLite alone" row uses this too, so both run the same. */
export function openSqliteFile(filePath: string): SqliteFile {
  const file = new SqliteDatabase(filePath);
  // WAL lets readers (the export CLI) run beside the server. A COMMIT writes the
  // WAL without waiting for the disk (synchronous=NORMAL); the group-commit
  // driver then fdatasyncs the WAL in libuv's thread pool and answers no caller
  // before that, so an accepted lead still survives a power cut.
  file.pragma("journal_mode = WAL");
  file.pragma("synchronous = NORMAL");
  file.pragma("busy_timeout = 5000");
  file.pragma("foreign_keys = ON");
  file.pragma("temp_store = MEMORY");
  // Checkpoints (and their fsyncs of the database file) run in a worker thread, not in a COMMIT on the event loop.
  file.pragma("wal_autocheckpoint = 0");
  const checkpointer = startCheckpointer({
    file: filePath,
    // Without the thread, SQLite checkpoints in COMMITs again (its default), slower but bounded.
    onFailure: () => {
      if (file.open) file.pragma("wal_autocheckpoint = 1000");
    },
  });
  return { file, checkpointer, wal: walSyncer(`${filePath}-wal`) };
}

function openSqlite(dataDir: string): Kysely<Database> {
  mkdirSync(dataDir, { recursive: true });
  const { file, checkpointer, wal } = openSqliteFile(path.join(dataDir, "leads.db"));
  // Transactions are savepoints in one shared transaction, committed once per event-loop turn (group-commit.ts).
  return new Kysely<Database>({
    dialect: new GroupCommitDialect({
      database: file,
      syncWal: wal.sync,
      onDestroy: async () => {
        await checkpointer.stop();
        await wal.close();
      },
    }),
  });
}

function openPostgres(connectionString: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export async function migrate(db: Kysely<Database>, dialect: Dialect = "sqlite"): Promise<void> {
  // On PostgreSQL, name the schema the migration tables live in: without it Kysely
  // sees another schema's kysely_migration table and never creates its own.
  const migrationTableSchema =
    dialect === "postgres" ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const { error, results } = await new Migrator({ db, provider, migrationTableSchema }).migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ""}`, { cause: error });
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  const dialect: Dialect = options.databaseUrl ? "postgres" : "sqlite";
  const db = options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
  try {
    await migrate(db, dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect };
}
