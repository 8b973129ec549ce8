import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Dialect } from "./database";
import type { Database, EnquiryRow, SubscriberRow, SubscriberStatus } from "./schema";

// The repository in front of the lead store. Routes and the CLI use only this
// interface, never SQL, so SQLite and PostgreSQL behave the same behind it.

export interface NewEnquiry {
  name: string;
  email: string;
  phone: string;
  role: string;
  sectors: readonly string[];
  needs: readonly string[];
  message: string;
  consentVersion: string;
  sourcePage: string | null;
  userAgent: string | null;
  ipHash: string | null;
  /** A client's submission key: the same key stores one enquiry, however often it is sent. */
  idempotencyKey?: string | null;
}

export interface NewSubscriber {
  email: string;
  sourcePage: string | null;
  ipHash: string | null;
}

export type SaveEnquiryResult =
  | { status: "created" | "replayed"; id: string }
  /** The key was already used for a different submission. */
  | { status: "conflict" };

/**
 * Work that must commit or fail together with a new enquiry (the outbox rows
 * of issue 6). Runs only when the enquiry is new, never for a replay.
 */
export type AlongsideEnquiry = (trx: Transaction<Database>, enquiry: EnquiryRow) => Promise<void>;

export interface ListOptions {
  /** ISO date or timestamp: rows created at or after it. */
  since?: string;
}

export interface LeadStore {
  readonly dialect: Dialect;
  /** Commits before it resolves: once it says created or replayed, the lead is stored. */
  saveEnquiry(enquiry: NewEnquiry, alongside?: AlongsideEnquiry): Promise<SaveEnquiryResult>;
  /** Adds or refreshes a subscriber; never downgrades a confirmed address. */
  subscribe(subscriber: NewSubscriber): Promise<void>;
  setSubscriberStatus(email: string, status: SubscriberStatus): Promise<void>;
  listEnquiries(options?: ListOptions): Promise<EnquiryRow[]>;
  listSubscribers(options?: ListOptions): Promise<SubscriberRow[]>;
  close(): Promise<void>;
}

const now = () => new Date().toISOString();
const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createLeadStore(db: Kysely<Database>, dialect: Dialect): LeadStore {
  return {
    dialect,

    async saveEnquiry(enquiry, alongside) {
      const createdAt = now();
      const row = {
        id: randomUUID(),
        name: enquiry.name,
        email: enquiry.email,
        phone: enquiry.phone,
        role: enquiry.role,
        sectors: JSON.stringify(enquiry.sectors),
        needs: JSON.stringify(enquiry.needs),
        message: enquiry.message,
        // The form cannot be sent without ticking consent, so submitting is the consent.
        consent_at: createdAt,
        consent_version: enquiry.consentVersion,
        source_page: enquiry.sourcePage,
        user_agent: enquiry.userAgent,
        ip_hash: enquiry.ipHash,
        idempotency_key: enquiry.idempotencyKey ?? null,
        created_at: createdAt,
      };
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("enquiries")
          .values(row)
          .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
          .returning("id")
          .executeTakeFirst();
        if (inserted) {
          await alongside?.(trx, row);
          return { status: "created", id: row.id } as const;
        }
        // Insert-or-ignore lost to an earlier submission with the same key: answer with its id.
        const existing = await trx
          .selectFrom("enquiries")
          .select(["id", "email"])
          .where("idempotency_key", "=", row.idempotency_key)
          .executeTakeFirstOrThrow();
        return existing.email === row.email ? ({ status: "replayed", id: existing.id } as const) : ({ status: "conflict" } as const);
      });
    },

    async subscribe(subscriber) {
      const at = now();
      const status = sql.ref<SubscriberStatus>("subscribers.status");
      await db
        .insertInto("subscribers")
        .values({
          id: randomUUID(),
          email: normaliseEmail(subscriber.email),
          status: "pending",
          created_at: at,
          updated_at: at,
          consent_at: at,
          ip_hash: subscriber.ipHash,
          source_page: subscriber.sourcePage,
        })
        .onConflict((conflict) =>
          conflict.column("email").doUpdateSet({
            // Only someone who unsubscribed goes back to pending; pending and confirmed stay.
            status: sql<SubscriberStatus>`case when ${status} = 'unsubscribed' then 'pending' else ${status} end`,
            consent_at: sql<string>`case when ${status} = 'unsubscribed' then ${at} else ${sql.ref("subscribers.consent_at")} end`,
            updated_at: at,
          }),
        )
        .execute();
    },

    async setSubscriberStatus(email, status) {
      await db.updateTable("subscribers").set({ status, updated_at: now() }).where("email", "=", normaliseEmail(email)).execute();
    },

    async listEnquiries({ since } = {}) {
      let query = db.selectFrom("enquiries").selectAll().orderBy("created_at").orderBy("id");
      if (since) query = query.where("created_at", ">=", since);
      return query.execute();
    },

    async listSubscribers({ since } = {}) {
      let query = db.selectFrom("subscribers").selectAll().orderBy("created_at").orderBy("id");
      if (since) query = query.where("created_at", ">=", since);
      return query.execute();
    },

    close: () => db.destroy(),
  };
}
