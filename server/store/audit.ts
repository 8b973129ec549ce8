import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { OwnerActionDetail, OwnerActionEntry, OwnerActionName, Page, PersonExport } from "../../contract/admin";
import { plainColumns } from "../export";
import { safeError } from "../logging";
import { openDatabase } from "./database";
import { newRowId } from "./row-id";
import type { Database } from "./schema";

// The audit trail of what the owner does with the data: one row per action
// (signing in, a failed or refused sign-in, signing out, listing or searching
// leads, viewing a lead, an export, an
// erasure, an access export, a purge, a delivery retried, a backup or restore
// from the command line), with who (the signed-in person's email, "cli" or
// "anonymous"), when, from which client address, and a detail of counts and
// ids. Never a lead's content: `recordOwnerAction` refuses a detail string that
// could be one. Rows older than RETENTION_AUDIT_MONTHS are purged at start and daily.

/** The actor of an action run from `npm run leads`. */
export const CLI_ACTOR = "cli";
/** The actor of the retention purge the server runs by itself. */
export const SCHEDULE_ACTOR = "schedule";

/** The actor of a failed sign-in: nobody is signed in. */
export const ANONYMOUS_ACTOR = "anonymous";

export interface OwnerAction {
  action: OwnerActionName;
  /** The signed-in person's email in /admin, CLI_ACTOR from the command line, ANONYMOUS_ACTOR for a failed sign-in. */
  actor: string;
  /** The client address (request.ip, which honours TRUST_PROXY); none from the command line. */
  address?: string | null;
  /** Counts and ids only: e.g. { kind: "enquiries", rows: 12 } or { enquiries: 1, deliveries: 3 }. */
  detail?: OwnerActionDetail;
  /** Tests pass their own clock. */
  at?: Date;
}

/**
 * A detail's text values are ids, kinds and option names: letters, digits and
 * `_ - . : , =`, at most 100 characters. A name (spaces), an email address (@),
 * a phone number (+, spaces) or a message cannot pass, so a careless caller
 * fails loudly instead of writing a lead's content into the trail.
 */
const safeText = /^[\w.:,=-]{0,100}$/;

function checkedDetail(detail: OwnerActionDetail): string {
  for (const [key, value] of Object.entries(detail)) {
    if (typeof value === "string" && !safeText.test(value)) {
      throw new Error(`Audit detail "${key}" must be an id, a kind or a count, never a lead's content`);
    }
  }
  return JSON.stringify(detail);
}

/**
 * Records one owner action. The one call every owner-facing operation makes:
 * `await recordOwnerAction(db, { action: "purge", actor: CLI_ACTOR, detail: countsOf(result) })`.
 */
export async function recordOwnerAction(db: Kysely<Database>, { action, actor, address = null, detail = {}, at = new Date() }: OwnerAction): Promise<void> {
  await db
    .insertInto("owner_actions")
    .values({ id: newRowId(), at: at.toISOString(), action, actor, address, detail: checkedDetail(detail) })
    .execute();
}

/**
 * Records an action of `npm run leads` in the store the command worked on
 * (DATA_DIR or DATABASE_URL), for a command that has no connection of its own open.
 */
export async function recordCliAction(store: { databaseUrl?: string; dataDir: string }, action: OwnerActionName, detail: OwnerActionDetail = {}): Promise<void> {
  const { db } = await openDatabase(store);
  try {
    await recordOwnerAction(db, { action, actor: CLI_ACTOR, detail });
  } finally {
    await db.destroy();
  }
}

/** How many records of each kind a subject access export held: never what they hold. */
export const accessExportCounts = (record: PersonExport): OwnerActionDetail => ({
  enquiries: record.enquiries.length,
  subscriptions: record.subscriptions.length,
  deliveries: record.deliveries.length,
  pendingSignupAnalytics: record.pendingSignupAnalytics.length,
  suspectedSpam: record.suspectedSpam.length,
});

/** The numbers of an operation's result object (e.g. an erasure's { enquiries, subscribers, deliveries }), for a detail. */
export function countsOf(result: object): OwnerActionDetail {
  return Object.fromEntries(Object.entries(result).filter(([, value]) => typeof value === "number"));
}

const entryOf = (row: { id: string; at: string; action: string; actor: string; address: string | null; detail: string }): OwnerActionEntry => ({
  id: row.id,
  at: row.at,
  action: row.action as OwnerActionName,
  actor: row.actor,
  address: row.address,
  detail: JSON.parse(row.detail) as OwnerActionDetail,
});

/** A page of the trail, newest first. */
export async function listOwnerActions(db: Kysely<Database>, { page, pageSize, actor }: { page: number; pageSize: number; actor?: string }): Promise<Page<OwnerActionEntry>> {
  const trail = actor === undefined ? db.selectFrom("owner_actions") : db.selectFrom("owner_actions").where("actor", "=", actor);
  const counted = await trail.select((eb) => eb.fn.countAll<string | number>().as("total")).executeTakeFirst();
  const total = Number(counted?.total ?? 0);
  const rows = await trail
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map(entryOf), total, page, pageSize, pages: Math.max(1, Math.ceil(total / pageSize)) };
}

/** The whole trail, oldest first, as stored (for the CSV export). */
export const exportOwnerActions = (db: Kysely<Database>) => db.selectFrom("owner_actions").selectAll().orderBy("at").orderBy("id").execute();

/** The trail's CSV columns: the detail stays one JSON cell. */
export const ownerActionColumns = plainColumns(["at", "action", "actor", "address", "detail", "id"]);

/** The audit trail as a repository: what the routes, the schedules and the command line use. */
export interface AuditTrail {
  record(action: OwnerAction): Promise<void>;
  /** A page of the trail, newest first; only one actor's actions (a person's email, "cli") when given. */
  list(paging: { page: number; pageSize: number; actor?: string }): Promise<Page<OwnerActionEntry>>;
  /** The whole trail, oldest first, as stored (for the CSV export). */
  exportAll(): ReturnType<typeof exportOwnerActions>;
}

export const createAuditTrail = (db: Kysely<Database>): AuditTrail => ({
  record: (action) => recordOwnerAction(db, action),
  list: (paging) => listOwnerActions(db, paging),
  exportAll: () => exportOwnerActions(db),
});

/** The moment `months` calendar months before `now` (UTC). */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Deletes the trail's rows older than `months`; resolves to how many. */
export async function purgeOwnerActions(db: Kysely<Database>, months: number, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("owner_actions").where("at", "<", monthsBefore(now, months).toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const AUDIT_PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface AuditRetention {
  /** Purges now, then once per interval. */
  start(): Promise<void>;
  /** Stops the timer and waits for a purge in progress. */
  stop(): Promise<void>;
}

/** The trail's own retention inside the server: a purge at start and daily; a failure is logged and tried again next time. */
export function createAuditRetention({ db, months, log, intervalMs = AUDIT_PURGE_INTERVAL_MS }: { db: Kysely<Database>; months: number; log: Pick<FastifyBaseLogger, "info" | "error">; intervalMs?: number }): AuditRetention {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = true;

  const run = () => {
    running = purgeOwnerActions(db, months)
      .then(
        (removed) => {
          if (removed > 0) log.info({ removed, months }, "audit trail purged");
        },
        (error: unknown) => log.error({ err: safeError(error) }, "audit trail purge failed"),
      )
      .finally(() => {
        running = null;
        if (stopped) return;
        timer = setTimeout(run, intervalMs);
        // A server being stopped is not kept alive by this timer.
        timer.unref();
      });
    return running;
  };

  return {
    async start() {
      stopped = false;
      await run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
