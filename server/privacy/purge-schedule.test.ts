import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emptyValues, enquiryFields } from "../../contract/fields";
import { openDatabase } from "../store/database";
import { createLeadStore } from "../store/lead-store";
import { startTestApp } from "../app.test-support";
import { createPurgeSchedule } from "./purge-schedule";

// The purge runs by itself: at start, then every interval, never after stop.

const log = { info: vi.fn(), error: vi.fn() };
const counts = { enquiries: 0, subscribers: 0, deliveries: 0, mailFiles: 0, analyticsRows: 0, spam: 0 };

afterEach(() => {
  vi.useRealTimers();
});

describe("the purge schedule", () => {
  it("purges at start and every interval, and stops", async () => {
    vi.useFakeTimers();
    const purge = vi.fn(async () => counts);
    const schedule = createPurgeSchedule({ purge, intervalMs: 60_000, log });
    schedule.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(purge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(purge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(purge).toHaveBeenCalledTimes(2);
    await schedule.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(purge).toHaveBeenCalledTimes(2);
  });

  it("logs a failed purge and tries again at the next interval", async () => {
    vi.useFakeTimers();
    const purge = vi.fn().mockRejectedValueOnce(new Error("store away")).mockResolvedValue(counts);
    const schedule = createPurgeSchedule({ purge, intervalMs: 1000, log });
    schedule.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(purge).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(expect.anything(), "retention purge failed");
    await schedule.stop();
  });

  it("runs when the server starts, removing an enquiry past its period", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "purge-start-"));
    const { db, dialect } = await openDatabase({ dataDir });
    const store = createLeadStore(db, dialect);
    const values = { ...emptyValues(enquiryFields), name: "Old", email: "old@example.co.uk", role: "Agency", consentVersion: "v1", sourcePage: null, userAgent: null, ipHash: null };
    await store.saveEnquiry(values);
    await store.saveEnquiry({ ...values, email: "recent@example.co.uk" });
    await db.updateTable("enquiries").set({ created_at: "2020-01-01T00:00:00.000Z" }).where("email", "=", "old@example.co.uk").execute();
    await store.close();
    const t = await startTestApp({ DATA_DIR: dataDir });
    try {
      await t.app.ready();
      await vi.waitFor(() => expect(t.logs.some((line) => line.includes('"msg":"retention purge"'))).toBe(true));
      expect(JSON.parse(t.logs.find((line) => line.includes('"msg":"retention purge"'))!).purged).toEqual({ ...counts, enquiries: 1 });
      expect((await t.app.leads.listEnquiries()).map((row) => row.email)).toEqual(["recent@example.co.uk"]);
    } finally {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
