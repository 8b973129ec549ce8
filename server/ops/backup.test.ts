import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { runCli } from "../cli";
import { MAIL_FOLDER } from "../mail/mailer";
import { openDatabase } from "../store/database";
import { startTestApp } from "../app.test-support";
import { listBackups, MANIFEST_FILE, pruneBackups, SQLITE_FILE, takeBackup, type Manifest } from "./backup";

// The restore drill: leads flow, a backup is taken while they flow, the data
// directory is destroyed, the backup is restored, and every lead acknowledged
// before the backup began is back with its outbox deliveries and mail files.

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "backup-test-"));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function leadsCli(env: Record<string, string>, ...argv: string[]) {
  let out = "";
  let err = "";
  const code = await runCli(argv, { out: (text) => (out += text), err: (text) => (err += text), env });
  return { code, out, err };
}

interface Acknowledged {
  kind: "enquiry" | "subscriber";
  id: string;
  email: string;
}

/** Sends leads from `clients` concurrent loops until stopped; records each one the server acknowledged, in order. */
function startFlow(app: FastifyInstance, clients: number) {
  const acknowledged: Acknowledged[] = [];
  let stopped = false;
  let sent = 0;
  const loop = async () => {
    while (!stopped) {
      sent += 1;
      const n = sent;
      const email = `lead${n}@example.co.uk`;
      const isEnquiry = n % 3 !== 0;
      const payload = isEnquiry ? { name: "Ann Example", email, phone: "07700 900123", salutation: "Freelancer", sector: "Healthcare", you_need: "Payroll", message: `Lead ${n}` } : { email };
      const response = await app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload });
      if (response.statusCode === 200) acknowledged.push({ kind: isEnquiry ? "enquiry" : "subscriber", id: response.json<{ data: { id: string } }>().data.id, email });
    }
  };
  const loops = Array.from({ length: clients }, loop);
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

const until = async (condition: () => Promise<boolean> | boolean, what: string, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe("the restore drill (SQLite)", () => {
  let dataDir: string;
  let backupsDir: string;
  let backup: string;
  let beforeBackup: Acknowledged[];
  let sentBeforeBackup: Set<string>;
  let manifest: Manifest;

  it("takes a backup with the CLI while leads keep arriving", async () => {
    backupsDir = path.join(scratch, "backups");
    const t = await startTestApp({ LOG_LEVEL: "silent", OUTBOX_POLL_MS: "50" });
    dataDir = t.config.dataDir;
    const flow = startFlow(t.app, 4);
    await until(() => flow.acknowledged.length >= 150, "150 acknowledged leads");
    // Every lead acknowledged before this line must be in the backup.
    beforeBackup = [...flow.acknowledged];
    const result = await leadsCli({ DATA_DIR: dataDir }, "backup", "--to", backupsDir);
    const during = flow.acknowledged.length - beforeBackup.length;
    await flow.stop();
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Backup written to .*leads-backup-/);
    // The server was not paused: leads went on being acknowledged while the copy ran.
    expect(during).toBeGreaterThan(0);
    const backups = await listBackups(backupsDir);
    expect(backups).toHaveLength(1);
    backup = path.join(backupsDir, backups[0] ?? "");
    manifest = JSON.parse(await readFile(path.join(backup, MANIFEST_FILE), "utf8")) as Manifest;
    expect(manifest.database.counts.enquiries + manifest.database.counts.subscribers).toBeGreaterThanOrEqual(beforeBackup.length);
    expect(manifest.secrets).toEqual(expect.arrayContaining(["ip-hash.secret", "unsubscribe.secret"]));
    sentBeforeBackup = new Set((await readdir(path.join(backup, MAIL_FOLDER)).catch(() => [])).map((file) => file.replace(/\.eml$/, "")));
    // The audit trail has it, as done from the command line.
    const live = await openDatabase({ dataDir });
    expect(await live.db.selectFrom("owner_actions").select(["action", "actor", "address"]).execute()).toEqual([{ action: "backup", actor: "cli", address: null }]);
    await live.db.destroy();
    await t.close();
    // The disk dies.
    await rm(dataDir, { recursive: true, force: true });
    await expect(stat(dataDir)).rejects.toThrow();
  });

  it("restores it, and every lead acknowledged before the backup is back with its deliveries", async () => {
    const result = await leadsCli({ DATA_DIR: dataDir }, "restore", "--from", backup);
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/The \d+ file\(s\) SHA256SUMS lists each matched its checksum and were restored/);
    expect(result.out).not.toContain("Refused");
    expect((await stat(path.join(dataDir, SQLITE_FILE))).mode & 0o777).toBe(0o600);

    const { db } = await openDatabase({ dataDir });
    try {
      const enquiries = new Set((await db.selectFrom("enquiries").select("id").execute()).map((row) => row.id));
      const subscribers = new Set((await db.selectFrom("subscribers").select("email").execute()).map((row) => row.email));
      const missing = beforeBackup.filter((lead) => (lead.kind === "enquiry" ? !enquiries.has(lead.id) : !subscribers.has(lead.email)));
      expect(missing).toEqual([]);
      // Each enquiry's team notification and each sign-up's confirmation, and the mail file of each one sent.
      const outbox = await db.selectFrom("outbox").select(["id", "lead_kind", "lead_id", "lead_email", "status"]).execute();
      const withDelivery = new Set(outbox.map((row) => (row.lead_kind === "enquiry" ? row.lead_id : row.lead_email)));
      expect(beforeBackup.filter((lead) => !withDelivery.has(lead.kind === "enquiry" ? lead.id : lead.email))).toEqual([]);
      const mail = new Set((await readdir(path.join(dataDir, MAIL_FOLDER))).map((file) => file.replace(/\.eml$/, "")));
      expect(outbox.filter((row) => row.status === "sent" && !mail.has(row.id)).map((row) => row.id)).toEqual([]);
      expect(sentBeforeBackup.size).toBeGreaterThan(0);
      expect(enquiries.size).toBe(manifest.database.counts.enquiries);
      // Recorded in the restored store's trail (the backup's own record came after its copy).
      expect(await db.selectFrom("owner_actions").select(["action", "actor"]).execute()).toEqual([{ action: "restore", actor: "cli" }]);
    } finally {
      await db.destroy();
    }
  });

  it("starts a server on the restored store, which delivers what was pending", async () => {
    const t = await startTestApp({ LOG_LEVEL: "silent", DATA_DIR: dataDir, OUTBOX_POLL_MS: "50" });
    try {
      await until(async () => (await t.app.inject({ method: "GET", url: "/readyz" })).json<{ outbox: { pending: number } }>().outbox.pending === 0, "the outbox to drain");
      // A lead sent now is stored beside the restored ones.
      const response = await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email: "after-restore@example.co.uk" } });
      expect(response.statusCode).toBe(200);

      // While this server holds the store, a restore is refused and changes nothing.
      const refused = await leadsCli({ DATA_DIR: dataDir }, "restore", "--from", backup, "--force");
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/open \(a running server\?\)/);
    } finally {
      await t.app.close();
    }
  });

  it("refuses to overwrite a store without --force, and with it moves the old files aside", async () => {
    const refused = await leadsCli({ DATA_DIR: dataDir }, "restore", "--from", backup);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("already holds a store");
    expect(refused.err).toContain("Nothing was changed");

    const forced = await leadsCli({ DATA_DIR: dataDir }, "restore", "--from", backup, "--force");
    expect(forced.code).toBe(0);
    const aside = /moved to (\S+);/.exec(forced.out)?.[1] ?? "";
    expect(aside).toContain("replaced-by-restore-");
    // The sign-up made after the restore is in the files moved aside, not lost.
    const { db } = await openDatabase({ dataDir: aside });
    try {
      expect(await db.selectFrom("subscribers").select("id").where("email", "=", "after-restore@example.co.uk").executeTakeFirst()).toBeDefined();
    } finally {
      await db.destroy();
    }
  });

  it("refuses a damaged backup, naming the file", async () => {
    const [first] = await readdir(path.join(backup, MAIL_FOLDER));
    await writeFile(path.join(backup, MAIL_FOLDER, first ?? ""), "tampered");
    const result = await leadsCli({ DATA_DIR: path.join(scratch, "elsewhere") }, "restore", "--from", backup);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${MAIL_FOLDER}/${first}`);
    await expect(stat(path.join(scratch, "elsewhere", SQLITE_FILE))).rejects.toThrow();
  });

  it("names the newest backup when given the folder that holds them", async () => {
    const result = await leadsCli({ DATA_DIR: path.join(scratch, "elsewhere") }, "restore", "--from", backupsDir);
    expect(result.code).toBe(1);
    expect(result.err).toContain("holds backups, not one backup");
  });
});

describe("backup command", () => {
  it("refuses on PostgreSQL and says how to back it up instead", async () => {
    const result = await leadsCli({ DATA_DIR: scratch, DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" }, "backup", "--to", path.join(scratch, "pg"));
    expect(result.code).toBe(1);
    expect(result.err).toContain("pg_dump --format=custom");
    expect(result.err).toContain("pg_restore");
  });

  it("explains a missing --to", async () => {
    const result = await leadsCli({ DATA_DIR: scratch }, "backup");
    expect(result.code).toBe(2);
    expect(result.err).toContain("backup needs --to DIR");
  });

  it("keeps only the newest backups when pruning", async () => {
    const t = await startTestApp({ LOG_LEVEL: "silent" });
    try {
      const into = path.join(scratch, "pruned");
      for (const day of [1, 2, 3]) await takeBackup({ dataDir: t.config.dataDir, into, now: new Date(`2026-11-0${day}T03:00:00Z`) });
      expect(await pruneBackups(into, 2)).toEqual(["leads-backup-2026-11-01T03-00-00.000Z"]);
      expect(await listBackups(into)).toEqual(["leads-backup-2026-11-02T03-00-00.000Z", "leads-backup-2026-11-03T03-00-00.000Z"]);
    } finally {
      await t.close();
    }
  });
});

describe("scheduled backups", () => {
  it("takes one at start when none is recent, then waits for the interval", async () => {
    const into = path.join(scratch, "scheduled");
    const t = await startTestApp({ LOG_LEVEL: "silent", BACKUP_DIR: into, BACKUP_INTERVAL_MS: "60000", BACKUP_KEEP: "3" });
    try {
      await t.app.ready();
      await until(async () => (await listBackups(into)).length === 1, "the first scheduled backup");
      await t.app.close();
      // A restart within the interval takes none.
      const again = await startTestApp({ LOG_LEVEL: "silent", BACKUP_DIR: into, BACKUP_INTERVAL_MS: "60000" });
      await again.app.ready();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await listBackups(into)).toHaveLength(1);
      await again.close();
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
