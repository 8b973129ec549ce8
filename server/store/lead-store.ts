import { randomUUID } from "node:crypto";
import { type Kysely, type Transaction, type Updateable } from "kysely";
import { CONFIRMATION_TOKEN_TTL_MS, type ConfirmOutcome } from "../../contract/newsletter";
import type { EnquiryValues } from "../../contract/fields";
import type { Dialect } from "./database";
import { enquiryColumns } from "./enquiry-columns";
import { newRowId } from "./row-id";
import type { Database, EnquiryRow, SubscriberRow, SubscriberStatus, SubscriberTable } from "./schema";

// The repository in front of the lead store. Routes and the CLI use only this
// interface, never SQL, so SQLite and PostgreSQL behave the same behind it.

/** The enquiry's fields (keyed as in contract/form-fields.ts) and what the server records with them. */
export interface NewEnquiry extends EnquiryValues {
  consentVersion: string;
  sourcePage: string | null;
  userAgent: string | null;
  ipHash: string | null;
  /** A client's submission key: the same key stores one enquiry, however often it is sent. */
  idempotencyKey?: string | null;
  /** When it was received, if earlier than now (an enquiry released from suspected spam keeps its time). */
  receivedAt?: string;
}

export interface NewSubscriber {
  email: string;
  /** The consent wording's version the person agreed to (contract/newsletter.ts). */
  consentVersion: string;
  sourcePage: string | null;
  ipHash: string | null;
  /** When the person signed up, if earlier than now (a sign-up released from suspected spam): the consent's time. */
  receivedAt?: string;
}

export type SaveEnquiryResult =
  | { status: "created" | "replayed"; id: string }
  /** The key was already used for a different submission. */
  | { status: "conflict" };

/**
 * Work that must commit or fail together with a new enquiry (its outbox
 * rows). Runs only when the enquiry is new, never for a replay.
 */
export type AlongsideEnquiry = (trx: Transaction<Database>, enquiry: EnquiryRow) => Promise<void>;

/** What a sign-up did: only the first three send a confirmation email. */
export type SubscribeOutcome =
  /** A new address: pending, with a confirmation token. */
  | "new"
  /** An address that had unsubscribed: pending again (a new consent), with a new token. */
  | "resubscribed"
  /** Still pending, last email long enough ago: a fresh token replaces the old one. */
  | "reminded"
  /** Nothing to send: already confirmed, or pending with an email sent too recently. */
  | "unchanged"
  /** Nothing changed or sent: the address unsubscribed after this (earlier) sign-up, which that withdrawal overrides. */
  | "unsubscribed-since";

export interface SubscribeOptions {
  /** sha256 of a new confirmation token, stored if this sign-up sends a confirmation email. */
  confirmTokenHash?: string;
  /** At most one confirmation email per address per this long (ms). */
  resendMinMs?: number;
  /** Runs in the sign-up's transaction when a confirmation email is due (outcome new, resubscribed or reminded). */
  alongside?: (trx: Transaction<Database>, subscriber: SubscriberRow, outcome: Exclude<SubscribeOutcome, "unchanged" | "unsubscribed-since">) => Promise<void>;
}

export interface ListOptions {
  /** ISO date or timestamp: rows created at or after it. */
  since?: string;
}

export interface LeadStore {
  readonly dialect: Dialect;
  /** Commits before it resolves: once it says created or replayed, the lead is stored. */
  saveEnquiry(enquiry: NewEnquiry, alongside?: AlongsideEnquiry): Promise<SaveEnquiryResult>;
  /**
   * Adds or refreshes a subscriber; never downgrades a confirmed address, and
   * never re-subscribes one that unsubscribed after `receivedAt`.
   */
  subscribe(subscriber: NewSubscriber, options?: SubscribeOptions): Promise<SubscribeOutcome>;
  /** Double opt-in: a pending subscriber whose unexpired token hashes to this becomes confirmed; the token is spent. */
  confirmSubscription(tokenHash: string, ipHash: string | null): Promise<ConfirmOutcome>;
  /** Marks the subscriber unsubscribed; false when no such subscriber exists. */
  unsubscribe(subscriberId: string): Promise<boolean>;
  setSubscriberStatus(email: string, status: SubscriberStatus): Promise<void>;
  /**
   * Frees an idempotency key whose enquiry is older than `createdBefore`, so
   * that key stores a new enquiry (keys expire). Separate from saveEnquiry on purpose.
   */
  releaseIdempotencyKey(idempotencyKey: string, createdBefore: string): Promise<void>;
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
      const createdAt = enquiry.receivedAt ?? now();
      const row = {
        // Random, not time-ordered: it is the client's answer (row-id.ts).
        id: randomUUID(),
        ...enquiryColumns(enquiry),
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
        const existing: Readonly<Record<string, unknown>> = await trx
          .selectFrom("enquiries")
          .selectAll()
          .where("idempotency_key", "=", row.idempotency_key)
          .executeTakeFirstOrThrow();
        // A retry is the same submission: the same address and the same words. Other words under the
        // same key are a conflict, never "received" (which would drop them).
        const columns: Readonly<Record<string, unknown>> = enquiryColumns(enquiry);
        const same = Object.entries(columns).every(([column, value]) => existing[column] === value);
        return same ? ({ status: "replayed", id: String(existing.id) } as const) : ({ status: "conflict" } as const);
      });
    },

    async subscribe(subscriber, { confirmTokenHash, resendMinMs = 0, alongside } = {}) {
      const email = normaliseEmail(subscriber.email);
      const at = now();
      // Consent was given when the person signed up; a token and its email are issued now.
      const consentAt = subscriber.receivedAt ?? at;
      const token = confirmTokenHash
        ? { confirm_token_hash: confirmTokenHash, confirm_expires_at: new Date(Date.parse(at) + CONFIRMATION_TOKEN_TTL_MS).toISOString() }
        : {};
      return db.transaction().execute(async (trx): Promise<SubscribeOutcome> => {
        const inserted = await trx
          .insertInto("subscribers")
          .values({
            id: newRowId(),
            email,
            status: "pending",
            created_at: consentAt,
            updated_at: at,
            consent_at: consentAt,
            consent_version: subscriber.consentVersion,
            ip_hash: subscriber.ipHash,
            source_page: subscriber.sourcePage,
            ...token,
          })
          .onConflict((conflict) => conflict.column("email").doNothing())
          .returningAll()
          .executeTakeFirst();
        if (inserted) {
          await alongside?.(trx, inserted, "new");
          return "new";
        }
        // Known address: lock its row (PostgreSQL; SQLite transactions are serialised) and decide.
        let select = trx.selectFrom("subscribers").selectAll().where("email", "=", email);
        if (dialect === "postgres") select = select.forUpdate();
        const existing = await select.executeTakeFirstOrThrow();
        const update = (values: Updateable<SubscriberTable>) =>
          trx.updateTable("subscribers").set(values).where("id", "=", existing.id).returningAll().executeTakeFirstOrThrow();

        if (existing.status === "unsubscribed") {
          // A withdrawal after an earlier sign-up outranks it (one sent now always comes after); a
          // withdrawal whose time is unknown (a status set by hand) is taken from the row's last change.
          const withdrawnAt = existing.unsubscribed_at ?? existing.updated_at;
          if (subscriber.receivedAt !== undefined && Date.parse(withdrawnAt) >= Date.parse(consentAt)) return "unsubscribed-since";
          // Signing up again is a new consent: pending until confirmed.
          const row = await update({ status: "pending", consent_at: consentAt, consent_version: subscriber.consentVersion, updated_at: at, unsubscribed_at: null, ...token });
          if (confirmTokenHash) await alongside?.(trx, row, "resubscribed");
          return "resubscribed";
        }
        // The last confirmation email went out when its token was issued (expiry minus the lifetime).
        const lastSent = existing.confirm_expires_at ? Date.parse(existing.confirm_expires_at) - CONFIRMATION_TOKEN_TTL_MS : -Infinity;
        if (existing.status === "confirmed" || !confirmTokenHash || Date.parse(at) - lastSent < resendMinMs) {
          await update({ updated_at: at });
          return "unchanged";
        }
        const row = await update({ updated_at: at, ...token });
        await alongside?.(trx, row, "reminded");
        return "reminded";
      });
    },

    async confirmSubscription(tokenHash, ipHash) {
      const at = now();
      const confirmed = await db
        .updateTable("subscribers")
        .set({ status: "confirmed", confirmed_at: at, confirm_ip_hash: ipHash, confirm_token_hash: null, updated_at: at })
        .where("confirm_token_hash", "=", tokenHash)
        .where("status", "=", "pending")
        .where("confirm_expires_at", ">", at)
        .returning("id")
        .executeTakeFirst();
      if (confirmed) return "confirmed";
      const stale = await db.selectFrom("subscribers").select("id").where("confirm_token_hash", "=", tokenHash).executeTakeFirst();
      return stale ? "expired" : "invalid";
    },

    async unsubscribe(subscriberId) {
      const at = now();
      const found = await db.selectFrom("subscribers").select(["id", "status"]).where("id", "=", subscriberId).executeTakeFirst();
      if (!found) return false;
      if (found.status !== "unsubscribed") {
        await db
          .updateTable("subscribers")
          .set({ status: "unsubscribed", unsubscribed_at: at, updated_at: at, confirm_token_hash: null })
          .where("id", "=", subscriberId)
          .execute();
      }
      return true;
    },

    async setSubscriberStatus(email, status) {
      await db.updateTable("subscribers").set({ status, updated_at: now() }).where("email", "=", normaliseEmail(email)).execute();
    },

    async releaseIdempotencyKey(idempotencyKey, createdBefore) {
      // Read first: almost always there is nothing to free, and a read costs no write (nor, on SQLite, a WAL sync).
      const stale = await db
        .selectFrom("enquiries")
        .select("id")
        .where("idempotency_key", "=", idempotencyKey)
        .where("created_at", "<", createdBefore)
        .executeTakeFirst();
      if (!stale) return;
      await db
        .updateTable("enquiries")
        .set({ idempotency_key: null })
        .where("idempotency_key", "=", idempotencyKey)
        .where("created_at", "<", createdBefore)
        .execute();
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
