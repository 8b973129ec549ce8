import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Delivery, EnquiryDetail, EnquirySummary, Page, SubscriberDetail, SubscriberSummary } from "../../contract/admin";
import { enquiryFields, inboxFilters } from "../../contract/fields";
import { fieldValues } from "./enquiry-columns";
import { requeueFailed } from "./outbox-store";
import type { Database, EnquiryRow, SubscriberRow } from "./schema";

// The inbox's reads and one write (a failed delivery's retry), in Kysely only,
// so they run the same on SQLite and PostgreSQL. The outbox and its attempts
// are filled by the mail worker; here they are read, and a failed row is made
// pending again. Erasure and subject access are server/privacy/.

/** A search text, and an option per option field of the table by its filter parameter (role, sector, need). */
export type EnquiryFilter = { q?: string } & Partial<Record<string, string>>;

export interface SubscriberFilter {
  q?: string;
  status?: string;
}

export interface Paging {
  page: number;
  pageSize: number;
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => `%${escapeLike(text.toLowerCase())}%`;
/** Matches one item of a stored JSON array of option names (which hold no quotes). */
const listItem = (item: string) => `%${escapeLike(JSON.stringify(item))}%`;
const likeLower = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
const like = (column: string, pattern: string) => sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;

const enquirySummary = (row: EnquiryRow): EnquirySummary => ({ id: row.id, createdAt: row.created_at, ...fieldValues(enquiryFields, row) });

const subscriberSummary = (row: SubscriberRow): SubscriberSummary => ({ id: row.id, createdAt: row.created_at, email: row.email, status: row.status });

export function createAdminStore(db: Kysely<Database>) {
  const filters = inboxFilters(enquiryFields);

  function enquiryQuery(filter: EnquiryFilter) {
    let query = db.selectFrom("enquiries");
    if (filter.q) {
      const pattern = containing(filter.q);
      query = query.where((eb) => eb.or([likeLower("name", pattern), likeLower("email", pattern)]));
    }
    for (const { key, param, list } of filters) {
      const value = filter[param];
      if (value) query = query.where(list ? like(key, listItem(value)) : sql<boolean>`${sql.ref(key)} = ${value}`);
    }
    return query;
  }

  function subscriberQuery(filter: SubscriberFilter) {
    let query = db.selectFrom("subscribers");
    if (filter.q) query = query.where(likeLower("email", containing(filter.q)));
    if (filter.status) query = query.where("status", "=", filter.status as SubscriberRow["status"]);
    return query;
  }

  async function paged<T, R>(
    query: SelectQueryBuilder<Database, "enquiries" | "subscribers", object>,
    { page, pageSize }: Paging,
    map: (row: R) => T,
  ): Promise<Page<T>> {
    const counted = await query.select((eb) => eb.fn.countAll<string | number>().as("total")).executeTakeFirst();
    const total = Number(counted?.total ?? 0);
    const rows = (await query
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute()) as R[];
    return { items: rows.map(map), total, page, pageSize, pages: Math.max(1, Math.ceil(total / pageSize)) };
  }

  /** A lead's deliveries, or the one delivery `outboxId`. */
  async function deliveries(of: { leadKind: "enquiry" | "subscriber"; leadId: string } | { outboxId: string }): Promise<Delivery[]> {
    let query = db.selectFrom("outbox").select(["id", "channel", "topic", "status", "attempts", "last_error", "next_attempt_at", "created_at", "sent_at"]);
    query = "outboxId" in of ? query.where("id", "=", of.outboxId) : query.where("lead_kind", "=", of.leadKind).where("lead_id", "=", of.leadId);
    const rows = await query
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    if (rows.length === 0) return [];
    const attempts = await db
      .selectFrom("delivery_attempts")
      .select(["outbox_id", "attempted_at", "ok", "error", "duration_ms"])
      .where(
        "outbox_id",
        "in",
        rows.map((row) => row.id),
      )
      .orderBy("attempted_at")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      topic: row.topic,
      status: row.status,
      attempts: Number(row.attempts),
      lastError: row.last_error,
      nextAttemptAt: row.status === "pending" ? row.next_attempt_at : null,
      createdAt: row.created_at,
      sentAt: row.sent_at,
      history: attempts
        .filter((attempt) => attempt.outbox_id === row.id)
        .map((attempt) => ({ attemptedAt: attempt.attempted_at, ok: Number(attempt.ok) === 1, error: attempt.error, durationMs: Number(attempt.duration_ms) })),
    }));
  }

  return {
    listEnquiries: (filter: EnquiryFilter, paging: Paging) => paged(enquiryQuery(filter), paging, enquirySummary),
    listSubscribers: (filter: SubscriberFilter, paging: Paging) => paged(subscriberQuery(filter), paging, subscriberSummary),

    /** Every matching row, newest first, as stored (for the CSV export). */
    exportEnquiries: (filter: EnquiryFilter) => enquiryQuery(filter).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute(),
    exportSubscribers: (filter: SubscriberFilter) => subscriberQuery(filter).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute(),

    async enquiry(id: string): Promise<EnquiryDetail | undefined> {
      const row = await db.selectFrom("enquiries").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      return {
        ...enquirySummary(row),
        userAgent: row.user_agent,
        consent: {
          consentAt: row.consent_at,
          consentVersion: row.consent_version,
          sourcePage: row.source_page,
          ipHash: row.ip_hash,
          confirmedAt: null,
          unsubscribedAt: null,
        },
        deliveries: await deliveries({ leadKind: "enquiry", leadId: row.id }),
      };
    },

    async subscriber(id: string): Promise<SubscriberDetail | undefined> {
      const row = await db.selectFrom("subscribers").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      return {
        ...subscriberSummary(row),
        updatedAt: row.updated_at,
        consent: {
          consentAt: row.consent_at,
          consentVersion: row.consent_version,
          sourcePage: row.source_page,
          ipHash: row.ip_hash,
          confirmedAt: row.confirmed_at,
          unsubscribedAt: row.unsubscribed_at,
        },
        deliveries: await deliveries({ leadKind: "subscriber", leadId: row.id }),
      };
    },

    /**
     * A failed delivery tried again (outbox-store.ts, requeueFailed): the
     * delivery as it is now, "not-failed" when it is pending or sent, or undefined when there is none.
     */
    async retryDelivery(outboxId: string): Promise<Delivery | "not-failed" | undefined> {
      const requeued = await requeueFailed(db, outboxId);
      const [delivery] = await deliveries({ outboxId });
      if (!delivery) return undefined;
      return requeued ? delivery : "not-failed";
    },
  };
}

export type AdminStore = ReturnType<typeof createAdminStore>;
