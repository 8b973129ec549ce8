import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, sql, PostgresDialect } from "kysely";
import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";
import pg from "pg";
import * as leads0001 from "./migrations/0001-leads";
import * as outbox0002 from "./migrations/0002-outbox";
import * as adminSessions0003 from "./migrations/0003-admin-sessions";
import * as analytics0005 from "./migrations/0005-analytics";
import * as ownerActions0007 from "./migrations/0007-owner-actions";
import * as subscriberConsentVersion0008 from "./migrations/0008-subscriber-consent-version";
import * as suspectedSpam0009 from "./migrations/0009-suspected-spam";
import * as webhookUrlOutOfOutbox0010 from "./migrations/0010-webhook-url-out-of-outbox";
import * as team0011 from "./migrations/0011-team";
import * as secondFactors0012 from "./migrations/0012-second-factors";
import * as openInvitesOnly0013 from "./migrations/0013-open-invites-only";
import * as signInLimits0014 from "./migrations/0014-sign-in-limits";
import * as passwordResets0015 from "./migrations/0015-password-resets";
import * as sessionConfirmedAt0016 from "./migrations/0016-session-confirmed-at";
import type { Database } from "./schema";
import { ensurePrivateDir, ensurePrivateFile, tightenIfPresent } from "../private-files";
import { WalSyncedSqliteDialect } from "./wal-sync";

// Opens the lead store's database (SQLite by default, PostgreSQL when a URL is
// given) and brings its schema up to date before anything else touches it.

/**
 * Every migration, in order. A new one is a new file in migrations/ and a line here.
 * No migration has the numbers 0004 or 0006, and the gap stays: each store records the names it has run,
 * and Kysely refuses a store whose recorded names are missing, so the names stay as they are.
 */
const migrations: Record<string, Migration> = {
  "0001-leads": leads0001,
  "0002-outbox": outbox0002,
  "0003-admin-sessions": adminSessions0003,
  "0005-analytics": analytics0005,
  "0007-owner-actions": ownerActions0007,
  "0008-subscriber-consent-version": subscriberConsentVersion0008,
  "0009-suspected-spam": suspectedSpam0009,
  "0010-webhook-url-out-of-outbox": webhookUrlOutOfOutbox0010,
  "0011-team": team0011,
  "0012-second-factors": secondFactors0012,
  "0013-open-invites-only": openInvitesOnly0013,
  "0014-sign-in-limits": signInLimits0014,
  "0015-password-resets": passwordResets0015,
  "0016-session-confirmed-at": sessionConfirmedAt0016,
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

function openSqlite(dataDir: string): Kysely<Database> {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, "leads.db");
  // Created 0600 before SQLite opens it: SQLite gives the -wal and -shm it makes the database file's mode.
  ensurePrivateFile(file);
  const database = new SqliteDatabase(file);
  // WAL lets readers (the export CLI) run beside the server. A COMMIT writes the
  // WAL without waiting for the disk (synchronous=NORMAL); the dialect then
  // fdatasyncs the WAL off the event loop, shared by every writer meanwhile,
  // before it answers (wal-sync.ts), so an accepted lead survives a power cut.
  // Checkpoints are SQLite's own (every 1000 WAL pages; each syncs the WAL first).
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = NORMAL");
  database.pragma("busy_timeout = 5000");
  database.pragma("foreign_keys = ON");
  // A deleted row's bytes are overwritten, not left in free space: erasure and the
  // retention purge then leave no copy once the WAL is checkpointed (server/privacy/).
  database.pragma("secure_delete = ON");
  // A store made by an older version (0644 under a 022 umask) is tightened too.
  for (const suffix of ["-wal", "-shm"]) tightenIfPresent(`${file}${suffix}`);
  return new Kysely<Database>({ dialect: new WalSyncedSqliteDialect(database) });
}

function openPostgres(connectionString: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
  // A connection dropped by a PostgreSQL restart or a network cut is an "error" event (on the pool for an
  // idle client, on the client itself for one in use), which would end the process unhandled. The query in
  // flight fails with the error anyway, and the pool replaces the client on next use; GET /readyz reports
  // the store down meanwhile.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
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
