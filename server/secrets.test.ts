import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolvePersistedSecret, SECRET_MIN_LENGTH } from "./secrets";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "secrets-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("persisted secrets", () => {
  it("refuse to start on a stored secret shorter than the minimum, naming the file", async () => {
    // What a crash between creating the file and writing it used to leave behind.
    await writeFile(path.join(dir, "admin-session.secret"), "");
    await expect(resolvePersistedSecret(undefined, dir, "admin-session.secret", "ADMIN_SESSION_SECRET")).rejects.toThrow(/admin-session\.secret.*ADMIN_SESSION_SECRET/s);
    await writeFile(path.join(dir, "ip-hash.secret"), "a".repeat(SECRET_MIN_LENGTH - 1));
    await expect(resolvePersistedSecret(undefined, dir, "ip-hash.secret", "IP_HASH_SECRET")).rejects.toThrow(/ip-hash\.secret/);
  });

  it("refuse a configured secret shorter than the minimum, naming the variable", async () => {
    await expect(resolvePersistedSecret("short", dir, "unsubscribe.secret", "UNSUBSCRIBE_SECRET")).rejects.toThrow(/UNSUBSCRIBE_SECRET/);
  });

  it("are written whole, leaving no temporary file behind", async () => {
    const secret = await resolvePersistedSecret(undefined, dir, "ip-hash.secret", "IP_HASH_SECRET");
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(await readFile(path.join(dir, "ip-hash.secret"), "utf8")).toBe(`${secret}\n`);
    expect(await readdir(dir)).toEqual(["ip-hash.secret"]);
  });

  it("end up shared when several instances start at once on the same disk", async () => {
    const secrets = await Promise.all(Array.from({ length: 8 }, () => resolvePersistedSecret(undefined, dir, "unsubscribe.secret", "UNSUBSCRIBE_SECRET")));
    expect(new Set(secrets).size).toBe(1);
    expect(await readFile(path.join(dir, "unsubscribe.secret"), "utf8")).toBe(`${secrets[0]}\n`);
    expect(await readdir(dir)).toEqual(["unsubscribe.secret"]);
  });
});
