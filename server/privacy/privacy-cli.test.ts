import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyValues, enquiryFields } from "../../contract/fields";
import type { PersonExport } from "../../contract/admin";
import { runCli } from "../cli";
import { openDatabase } from "../store/database";
import { createLeadStore } from "../store/lead-store";

// `npm run leads -- purge | erase | person` against a SQLite store in a
// throwaway DATA_DIR (the store-level behaviour is personal-data.test.ts).

let dataDir: string;
const values = { ...emptyValues(enquiryFields), name: "Cli Person", role: "Agency", consentVersion: "v1", sourcePage: "/contact", userAgent: "ua", ipHash: "h" };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "privacy-cli-"));
  const { db, dialect } = await openDatabase({ dataDir });
  const store = createLeadStore(db, dialect);
  await store.saveEnquiry({ ...values, email: "cli.person@example.co.uk" });
  await store.saveEnquiry({ ...values, email: "old.person@example.co.uk" });
  await store.subscribe({ email: "cli.person@example.co.uk", consentVersion: "n-test", sourcePage: "/", ipHash: null });
  // Received three years ago: past the 24 months.
  await db.updateTable("enquiries").set({ created_at: "2020-01-01T00:00:00.000Z" }).where("email", "=", "old.person@example.co.uk").execute();
  await store.close();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function run(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await runCli(argv, { out: (text) => (out += text), err: (text) => (err += text), env: { DATA_DIR: dataDir } });
  return { code, out, err };
}

describe("npm run leads -- purge | erase | person", () => {
  it("purges what is past its period and prints the counts", async () => {
    expect(await run("purge")).toEqual({ code: 0, out: "Purged 1 enquiries, 0 unconfirmed sign-ups, 0 deliveries and 0 mail files.\n", err: "" });
    expect(JSON.parse((await run("person", "--email", "old.person@example.co.uk")).out).enquiries).toEqual([]);
  });

  it("prints everything held about an address as JSON, then erases it", async () => {
    const before = await run("person", "--email", "Cli.Person@Example.co.uk");
    expect(before.code).toBe(0);
    const record = JSON.parse(before.out) as PersonExport;
    expect(record.email).toBe("cli.person@example.co.uk");
    expect(record.enquiries).toEqual([expect.objectContaining({ name: "Cli Person", email: "cli.person@example.co.uk" })]);
    expect(record.subscriptions).toEqual([expect.objectContaining({ status: "pending" })]);

    const erased = await run("erase", "--email", "cli.person@example.co.uk");
    expect(erased).toEqual({ code: 0, out: "Erased cli.person@example.co.uk: 1 enquiries, 1 subscriptions, 0 deliveries, 0 mail files.\n", err: "" });
    const after = JSON.parse((await run("person", "--email", "cli.person@example.co.uk")).out) as PersonExport;
    expect([after.enquiries, after.subscriptions, after.deliveries]).toEqual([[], [], []]);
  });

  it("records each command in the audit trail as the command line's, with counts only", async () => {
    const { db } = await openDatabase({ dataDir });
    try {
      const rows = await db.selectFrom("owner_actions").select(["action", "actor", "detail"]).orderBy("at").orderBy("id").execute();
      expect(rows.map((row) => [row.action, row.actor])).toEqual([
        ["purge", "cli"],
        ["access-export", "cli"],
        ["access-export", "cli"],
        ["erase", "cli"],
        ["access-export", "cli"],
      ]);
      expect(JSON.parse(rows[3]!.detail)).toEqual({ enquiries: 1, subscribers: 1, deliveries: 0, mailFiles: 0, pendingSignups: 0, spam: 0 });
      expect(JSON.stringify(rows)).not.toContain("person@");
    } finally {
      await db.destroy();
    }
  });

  it.each([[["erase"]], [["person", "--email", "not-an-address"]], [["purge", "--email", "a@b.co"]]])("exits 2 with usage for %j", async (argv) => {
    const { code, out, err } = await run(...argv);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toContain("npm run leads -- erase --email ADDRESS");
  });
});
