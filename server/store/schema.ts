import type { Insertable, Selectable } from "kysely";

// The lead store's tables as Kysely sees them. Timestamps are ISO-8601 UTC text
// in both SQLite and PostgreSQL: they sort as strings and read the same in both.

export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed";

export interface EnquiryTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: string;
  /** JSON array of sector names. */
  sectors: string;
  /** JSON array of needs. */
  needs: string;
  message: string;
  consent_at: string;
  consent_version: string;
  source_page: string | null;
  user_agent: string | null;
  ip_hash: string | null;
  idempotency_key: string | null;
  created_at: string;
}

export interface SubscriberTable {
  id: string;
  email: string;
  status: SubscriberStatus;
  created_at: string;
  updated_at: string;
  consent_at: string;
  ip_hash: string | null;
  source_page: string | null;
}

export interface Database {
  enquiries: EnquiryTable;
  subscribers: SubscriberTable;
}

export type EnquiryRow = Selectable<EnquiryTable>;
export type SubscriberRow = Selectable<SubscriberTable>;
export type NewEnquiryRow = Insertable<EnquiryTable>;


