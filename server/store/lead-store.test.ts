import { open, type FileHandle } from "node:fs/promises";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emptyValues, enquiryFields } from "../../contract/fields";
import { openDatabase } from "./database";
import type { Database } from "./schema";
import { createLeadStore, type LeadStore, type NewEnquiry } from "./lead-store";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "./databases.test-support";

// One suite, run against SQLite and PostgreSQL: the repository must behave the
// same on both.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);

const enquiry = (overrides: Partial<NewEnquiry> = {}): NewEnquiry => ({
  ...emptyValues(enquiryFields),
  name: "Ann Example",
  email: "ann@example.co.uk",
  phone: "",
  role: "Freelancer",
  sectors: ["Healthcare", "IT & Technology"],
  needs: ["Payroll"],
  message: "Hello",
  consentVersion: "v-test",
  sourcePage: "/contact",
  userAgent: "test",
  ipHash: "abc",
  ...overrides,
});

describe.each(kinds)("the lead store on %s", (kind) => {
  let scratch: ScratchDatabase;
  let store: LeadStore;
  let db: Kysely<Database>;

  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    const opened = await openDatabase(scratch);
    db = opened.db;
    store = createLeadStore(db, opened.dialect);
  });

  afterAll(async () => {
    await store?.close();
    await scratch?.drop();
  });

  it.runIf(kind === "sqlite")("commits durably: WAL, fdatasynced before a save resolves (synchronous=NORMAL leaves that to the store), and a busy timeout", async () => {
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("synchronous")).toBe(1);
    expect(await pragma("busy_timeout")).toBe(5000);
    expect(await pragma("foreign_keys")).toBe(1);

    // Every FileHandle shares one prototype: watch its datasync while a lead is saved.
    const probe = await open(path.join(scratch.dataDir, "leads.db-wal"), "r");
    const fileHandle = Object.getPrototypeOf(probe) as { datasync(): Promise<void> };
    await probe.close();
    const realDatasync = fileHandle.datasync;
    const events: string[] = [];
    const datasync = vi.spyOn(fileHandle, "datasync").mockImplementation(async function (this: FileHandle) {
      await realDatasync.call(this);
      events.push("wal synced");
    });
    try {
      const saved = await store.saveEnquiry(enquiry({ email: "synced@example.co.uk" }));
      events.push("save resolved");
      expect(events).toEqual(["wal synced", "save resolved"]);
      // Committed, not only synced: another connection reads it.
      const reader = new SqliteDatabase(path.join(scratch.dataDir, "leads.db"), { readonly: true });
      try {
        expect(reader.prepare("select email from enquiries where id = ?").get((saved as { id: string }).id)).toEqual({ email: "synced@example.co.uk" });
      } finally {
        reader.close();
      }
    } finally {
      datasync.mockRestore();
    }
  });

  it("runs its migrations once: opening the same database again is harmless", async () => {
    const again = await openDatabase(scratch);
    await again.db.destroy();
  });

  it("stores an enquiry with its lists, consent record and metadata", async () => {
    const saved = await store.saveEnquiry(enquiry({ email: "first@example.co.uk" }));
    expect(saved.status).toBe("created");
    const rows = await store.listEnquiries();
    const row = rows.find((item) => item.email === "first@example.co.uk");
    expect(row).toMatchObject({ name: "Ann Example", role: "Freelancer", consent_version: "v-test", source_page: "/contact", ip_hash: "abc", idempotency_key: null });
    expect(JSON.parse(row!.sectors)).toEqual(["Healthcare", "IT & Technology"]);
    expect(row!.consent_at).toBe(row!.created_at);
    if (saved.status !== "conflict") expect(row!.id).toBe(saved.id);
  });

  it("stores one enquiry per Idempotency-Key, answering a replay with the first id", async () => {
    const key = `key-${kind}-1`;
    const results = await Promise.all([1, 2, 3].map(() => store.saveEnquiry(enquiry({ email: "twice@example.co.uk", idempotencyKey: key }))));
    const created = results.filter((result) => result.status === "created");
    expect(created).toHaveLength(1);
    const ids = new Set(results.map((result) => (result.status === "conflict" ? "conflict" : result.id)));
    expect(ids.size).toBe(1);
    const stored = (await store.listEnquiries()).filter((row) => row.idempotency_key === key);
    expect(stored).toHaveLength(1);
  });

  it("refuses a key reused for a different submission", async () => {
    await store.saveEnquiry(enquiry({ email: "one@example.co.uk", idempotencyKey: `key-${kind}-2` }));
    const second = await store.saveEnquiry(enquiry({ email: "other@example.co.uk", idempotencyKey: `key-${kind}-2` }));
    expect(second.status).toBe("conflict");
  });

  it("refuses the same key and address with other words: a conflict, never a replay that drops them", async () => {
    const key = `key-${kind}-edited`;
    await store.saveEnquiry(enquiry({ email: "edited@example.co.uk", idempotencyKey: key, message: "First words" }));
    expect((await store.saveEnquiry(enquiry({ email: "edited@example.co.uk", idempotencyKey: key, message: "First words" }))).status).toBe("replayed");
    expect((await store.saveEnquiry(enquiry({ email: "edited@example.co.uk", idempotencyKey: key, message: "Second thoughts" }))).status).toBe("conflict");
  });

  it("allows any number of enquiries without a key", async () => {
    const before = (await store.listEnquiries()).length;
    await store.saveEnquiry(enquiry());
    await store.saveEnquiry(enquiry());
    expect((await store.listEnquiries()).length).toBe(before + 2);
  });

  it("commits work done alongside a new enquiry in the same transaction, and rolls both back together", async () => {
    const before = (await store.listEnquiries()).length;
    await expect(
      store.saveEnquiry(enquiry({ email: "rollback@example.co.uk" }), async () => {
        throw new Error("outbox insert failed");
      }),
    ).rejects.toThrow("outbox insert failed");
    expect((await store.listEnquiries()).length).toBe(before);
    let seen = "";
    await store.saveEnquiry(enquiry({ email: "alongside@example.co.uk" }), async (trx, row) => {
      const inside = await trx.selectFrom("enquiries").select("email").where("id", "=", row.id).executeTakeFirst();
      seen = inside?.email ?? "";
    });
    expect(seen).toBe("alongside@example.co.uk");
  });

  it("keeps one subscriber per address, case-insensitively, starting as pending", async () => {
    await store.subscribe({ email: "Sub@Example.co.uk", consentVersion: "n-test", sourcePage: "/", ipHash: "x" });
    await store.subscribe({ email: "sub@example.co.uk", consentVersion: "n-test", sourcePage: "/about", ipHash: "y" });
    const rows = (await store.listSubscribers()).filter((row) => row.email === "sub@example.co.uk");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", source_page: "/" });
  });

  it("never downgrades a confirmed subscriber; an unsubscribed one who signs up again is pending", async () => {
    await store.subscribe({ email: "kept@example.co.uk", consentVersion: "n-test", sourcePage: null, ipHash: null });
    await store.setSubscriberStatus("kept@example.co.uk", "confirmed");
    await store.subscribe({ email: "kept@example.co.uk", consentVersion: "n-test", sourcePage: null, ipHash: null });
    await store.subscribe({ email: "left@example.co.uk", consentVersion: "n-test", sourcePage: null, ipHash: null });
    await store.setSubscriberStatus("left@example.co.uk", "unsubscribed");
    await store.subscribe({ email: "left@example.co.uk", consentVersion: "n-test", sourcePage: null, ipHash: null });
    const status = Object.fromEntries((await store.listSubscribers()).map((row) => [row.email, row.status]));
    expect(status["kept@example.co.uk"]).toBe("confirmed");
    expect(status["left@example.co.uk"]).toBe("pending");
  });

  it("stores the consent wording's version with a sign-up, and the new one when an unsubscribed address signs up again", async () => {
    const version = async () => (await store.listSubscribers()).find((row) => row.email === "worded@example.co.uk")?.consent_version;
    await store.subscribe({ email: "Worded@Example.co.uk", consentVersion: "newsletter-a", sourcePage: null, ipHash: null });
    expect(await version()).toBe("newsletter-a");
    // Still pending: the consent given stands (no new wording agreed to yet).
    await store.subscribe({ email: "worded@example.co.uk", consentVersion: "newsletter-b", sourcePage: null, ipHash: null });
    expect(await version()).toBe("newsletter-a");
    await store.setSubscriberStatus("worded@example.co.uk", "unsubscribed");
    await store.subscribe({ email: "worded@example.co.uk", consentVersion: "newsletter-b", sourcePage: null, ipHash: null });
    expect(await version()).toBe("newsletter-b");
  });

  it("decides who gets a confirmation email, in the sign-up's transaction, and spends a token once", async () => {
    const seen: string[] = [];
    const options = (hash: string, resendMinMs = 60_000) => ({ confirmTokenHash: hash, resendMinMs, alongside: async (_trx: unknown, row: { email: string }, how: string) => void seen.push(`${row.email}:${how}`) });
    expect(await store.subscribe({ email: "Opt@Example.co.uk", consentVersion: "n-test", sourcePage: null, ipHash: null }, options("h1"))).toBe("new");
    expect(await store.subscribe({ email: "opt@example.co.uk", consentVersion: "n-test", sourcePage: null, ipHash: null }, options("h2"))).toBe("unchanged");
    expect(await store.subscribe({ email: "opt@example.co.uk", consentVersion: "n-test", sourcePage: null, ipHash: null }, options("h3", 0))).toBe("reminded");
    expect(await store.confirmSubscription("h1", "ip")).toBe("invalid");
    expect(await store.confirmSubscription("h3", "ip")).toBe("confirmed");
    expect(await store.confirmSubscription("h3", "ip")).toBe("invalid");
    expect(await store.subscribe({ email: "opt@example.co.uk", consentVersion: "n-test", sourcePage: null, ipHash: null }, options("h4", 0))).toBe("unchanged");
    const row = (await store.listSubscribers()).find((item) => item.email === "opt@example.co.uk")!;
    expect(row).toMatchObject({ status: "confirmed", confirm_ip_hash: "ip", confirm_token_hash: null });
    expect(await store.unsubscribe(row.id)).toBe(true);
    expect(await store.unsubscribe("00000000-0000-4000-8000-000000000000")).toBe(false);
    expect(await store.subscribe({ email: "opt@example.co.uk", consentVersion: "n-test", sourcePage: null, ipHash: null }, options("h5"))).toBe("resubscribed");
    expect(seen).toEqual(["opt@example.co.uk:new", "opt@example.co.uk:reminded", "opt@example.co.uk:resubscribed"]);
  });

  it("sends one confirmation when the same new address signs up twice at once", async () => {
    let sent = 0;
    const outcomes = await Promise.all(
      [1, 2, 3].map((n) => store.subscribe({ email: "race@example.co.uk", consentVersion: "n-test", sourcePage: null, ipHash: null }, { confirmTokenHash: `race-${n}`, resendMinMs: 60_000, alongside: async () => void sent++ })),
    );
    expect(outcomes.filter((outcome) => outcome === "new")).toHaveLength(1);
    expect(sent).toBe(1);
  });

  it("lists rows created since a date", async () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await store.listEnquiries({ since: future })).toEqual([]);
    expect((await store.listEnquiries({ since: "2000-01-01" })).length).toBeGreaterThan(0);
  });
});
