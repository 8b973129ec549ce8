import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CONTACT_ENDPOINT } from "../contract/lead";
import { takeBackup } from "./ops/backup";
import { waitFor } from "./outbox/peers.test-support";
import { startTestApp, type TestApp } from "./app.test-support";

// DATA_DIR and everything the server writes into it are owner-only even under
// the loosest umask: the store, its WAL and shared memory, the generated keys
// and the mail outbox.

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe("DATA_DIR permissions", () => {
  let previous: number;
  let t: TestApp | undefined;
  beforeEach(() => {
    previous = process.umask(0);
  });
  afterEach(async () => {
    process.umask(previous);
    await t?.close();
    t = undefined;
  });

  it("are 0700 for folders and 0600 for files whatever the umask", async () => {
    t = await startTestApp({ OUTBOX_POLL_MS: "50" });
    await t.app.ready();
    const response = await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email: "reader@example.com" } });
    expect(response.statusCode).toBe(200);
    const dataDir = t.config.dataDir;
    const mail = path.join(dataDir, "outbox-mail");
    await waitFor(async () => (await readdir(mail).catch(() => [])).some((name) => name.endsWith(".eml")), { what: "a mail file" });

    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(mail)).toBe(0o700);
    const files = [...(await readdir(dataDir)).filter((name) => name !== "outbox-mail"), ...(await readdir(mail)).map((name) => `outbox-mail/${name}`)];
    expect(files).toEqual(expect.arrayContaining(["leads.db", "leads.db-wal", "leads.db-shm", "ip-hash.secret", "unsubscribe.secret"]));
    const loose = [];
    for (const file of files) if ((await modeOf(path.join(dataDir, file))) !== 0o600) loose.push(file);
    expect(loose).toEqual([]);

    // A backup of it is owner-only too, folder by folder and file by file.
    const { dir } = await takeBackup({ dataDir, into: path.join(dataDir, "..", "backups") });
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    expect(entries.length).toBeGreaterThan(3);
    for (const entry of entries) {
      const full = path.join(entry.parentPath, entry.name);
      expect([full, await modeOf(full)]).toEqual([full, entry.isDirectory() ? 0o700 : 0o600]);
    }
    expect(await modeOf(dir)).toBe(0o700);
  });
});
