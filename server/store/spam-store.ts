import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { spamReleaseNotices, type Page, type SpamReasonName, type SpamRelease, type SpamSummary } from "../../contract/admin";
import { signUp } from "../newsletter/sign-up";
import { enqueue } from "./outbox-store";
import { enquiryDeliveries, type DeliverySettings } from "../outbox/lead-deliveries";
import type { LeadStore, NewEnquiry } from "./lead-store";
import type { Database, SuspectedSpamRow } from "./schema";

// Submissions held as suspected spam (the suspected_spam table): stored with
// the reasons that decided it, never delivered, listed only in the inbox's Spam
// view. The owner releases one ("Not spam"), which stores it as the lead it
// would have been, with its emails and CRM call, once; or deletes it. The
// retention purge, erasure and subject access are server/privacy/.

export type SpamKind = SuspectedSpamRow["kind"];

export interface NewSuspectedSpam {
  kind: SpamKind;
  email: string;
  /** The form's fields by key, as the contract parsed them. */
  fields: Record<string, string | readonly string[]>;
  reasons: readonly SpamReasonName[];
  score: number;
  consentVersion: string;
  sourcePage: string | null;
  userAgent: string | null;
  ipHash: string | null;
}

/** A release as the server sees it: what the owner's answer says, and what the lead API counts. */
export interface ReleasedSpam extends SpamRelease {
  /** The release made a new lead (not a repeat of one already stored or sent): a conversion. */
  created: boolean;
  email: string;
  sourcePage: string | null;
}

export interface ReleaseOptions {
  store: LeadStore;
  deliveries: DeliverySettings;
  /** At most one confirmation email per address per this long (ms). */
  resendMinMs: number;
}

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** A stored row as the inbox shows it. */
export const spamSummary = (row: SuspectedSpamRow): SpamSummary => ({
  id: row.id,
  createdAt: row.created_at,
  kind: row.kind,
  email: row.email,
  fields: parse<Record<string, string | string[]>>(row.fields, {}),
  reasons: parse<SpamReasonName[]>(row.reasons, []),
  score: Number(row.score),
  sourcePage: row.source_page,
  userAgent: row.user_agent,
});

/** The idempotency key a released enquiry is stored under: a second release finds it and sends nothing more. */
export const releaseKey = (id: string) => `spam-release:${id}`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const likeLower = (column: "email" | "fields", pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

export function createSpamStore(db: Kysely<Database>) {
  const filtered = (q?: string) => {
    let query = db.selectFrom("suspected_spam");
    if (q) {
      const pattern = `%${escapeLike(q.toLowerCase())}%`;
      // The fields' JSON holds the name and the message: searched as text.
      query = query.where((eb) => eb.or([likeLower("email", pattern), likeLower("fields", pattern)]));
    }
    return query;
  };

  return {
    /** Stores a suspected spam submission; resolves to its id once committed. */
    async quarantine(spam: NewSuspectedSpam): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto("suspected_spam")
        .values({
          id,
          kind: spam.kind,
          email: spam.email.trim().toLowerCase(),
          fields: JSON.stringify(spam.fields),
          reasons: JSON.stringify(spam.reasons),
          score: spam.score,
          consent_version: spam.consentVersion,
          source_page: spam.sourcePage,
          user_agent: spam.userAgent,
          ip_hash: spam.ipHash,
          created_at: new Date().toISOString(),
        })
        .execute();
      return id;
    },

    async count(): Promise<number> {
      const row = await db.selectFrom("suspected_spam").select((eb) => eb.fn.countAll<string | number>().as("total")).executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    async list({ q, page, pageSize }: { q?: string; page: number; pageSize: number }): Promise<Page<SpamSummary>> {
      const counted = await filtered(q).select((eb) => eb.fn.countAll<string | number>().as("total")).executeTakeFirst();
      const total = Number(counted?.total ?? 0);
      const rows = await filtered(q)
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { items: rows.map(spamSummary), total, page, pageSize, pages: Math.max(1, Math.ceil(total / pageSize)) };
    },

    /** Every held submission matching the search, oldest first (the export). */
    async rows(q?: string): Promise<SuspectedSpamRow[]> {
      return filtered(q).selectAll().orderBy("created_at").orderBy("id").execute();
    },

    /**
     * A submission held as `reason` since `since` with this visitor's hash and
     * exactly these words: a double press of a form's native post is held once.
     */
    async heldAgain(spam: Pick<NewSuspectedSpam, "kind" | "email" | "fields" | "ipHash">, reason: SpamReasonName, since: Date): Promise<string | undefined> {
      if (spam.ipHash === null) return undefined;
      const rows = await db
        .selectFrom("suspected_spam")
        .select(["id", "reasons"])
        .where("kind", "=", spam.kind)
        .where("email", "=", spam.email.trim().toLowerCase())
        .where("ip_hash", "=", spam.ipHash)
        .where("fields", "=", JSON.stringify(spam.fields))
        .where("created_at", ">=", since.toISOString())
        .orderBy("created_at", "desc")
        .execute();
      return rows.find((row) => parse<SpamReasonName[]>(row.reasons, []).includes(reason))?.id;
    },

    /** One held submission, as stored; undefined once released or deleted. */
    async held(id: string): Promise<SuspectedSpamRow | undefined> {
      return db.selectFrom("suspected_spam").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async remove(id: string): Promise<boolean> {
      const deleted = await db.deleteFrom("suspected_spam").where("id", "=", id).returning("id").executeTakeFirst();
      return deleted !== undefined;
    },

    /**
     * Not spam: the submission becomes the lead it would have been, with the
     * deliveries an accepted one causes, then leaves the Spam view. Pressed
     * twice (or on two instances) it sends them once: the enquiry is stored
     * under a key of this row's id, and a sign-up's confirmation email obeys
     * the resend interval. A sign-up keeps its time as the consent's, and an
     * address that unsubscribed after it stays unsubscribed (the answer's
     * notice says so). Undefined when no such row is held.
     */
    async release(id: string, { store, deliveries, resendMinMs }: ReleaseOptions): Promise<ReleasedSpam | undefined> {
      const row = await db.selectFrom("suspected_spam").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      const fields = parse<Record<string, unknown>>(row.fields, {});
      let enquiryId: string | null = null;
      let notice: SpamRelease["notice"];
      let created: boolean;
      if (row.kind === "enquiry") {
        const saved = await store.saveEnquiry(
          {
            ...(fields as unknown as NewEnquiry),
            consentVersion: row.consent_version,
            sourcePage: row.source_page,
            userAgent: row.user_agent,
            ipHash: row.ip_hash,
            idempotencyKey: releaseKey(row.id),
            receivedAt: row.created_at,
          },
          async (trx, enquiry) => void (await enqueue(trx, enquiryDeliveries(enquiry, deliveries))),
        );
        if (saved.status === "conflict") throw new Error("A released enquiry's key was taken by another");
        enquiryId = saved.id;
        created = saved.status === "created";
      } else {
        // Consent was given when the person signed up, not when the owner released it.
        const outcome = await signUp(
          store,
          { email: row.email, consentVersion: row.consent_version, sourcePage: row.source_page, ipHash: row.ip_hash, receivedAt: row.created_at },
          { deliveries, resendMinMs },
        );
        if (outcome === "unsubscribed-since") notice = { reason: outcome, message: spamReleaseNotices[outcome] };
        created = outcome !== "unchanged" && outcome !== "unsubscribed-since";
      }
      await db.deleteFrom("suspected_spam").where("id", "=", id).execute();
      return { kind: row.kind, enquiryId, ...(notice && { notice }), created, email: row.email, sourcePage: row.source_page };
    },
  };
}

export type SpamStore = ReturnType<typeof createSpamStore>;
