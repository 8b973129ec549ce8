import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../store/database";
import { createSessionStore, SESSION_TTL_MS } from "../store/session-store";
import { passwordChecker, passwordFingerprint, readCookie, resolveSessionSecret } from "./session";

const KEY = "0123456789abcdef0123456789abcdef";

describe("the inbox password", () => {
  it("accepts only the configured password", async () => {
    const check = await passwordChecker("correct horse battery");
    expect(await check("correct horse battery")).toBe(true);
    expect(await check("correct horse batter")).toBe(false);
    expect(await check("")).toBe(false);
  });
});

describe("sessions", () => {
  it("last 8 hours, and only for the password they were opened with", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "admin-sessions-"));
    const { db } = await openDatabase({ dataDir: dir });
    try {
      const sessions = createSessionStore(db, passwordFingerprint(KEY, "correct horse battery"));
      const now = Date.now();
      const id = await sessions.open(now);
      expect(await sessions.valid(id, now + SESSION_TTL_MS - 1)).toBe(true);
      expect(await sessions.valid(id, now + SESSION_TTL_MS)).toBe(false);
      expect(await createSessionStore(db, passwordFingerprint(KEY, "another password")).valid(id, now)).toBe(false);
      // Only the id's hash is stored: the table holds no usable cookie.
      const stored = await db.selectFrom("admin_sessions").select("id_hash").execute();
      expect(stored.map((row) => row.id_hash)).not.toContain(id);
      await sessions.end(id);
      expect(await sessions.valid(id, now)).toBe(false);
    } finally {
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("are read from a Cookie header among others", () => {
    expect(readCookie("a=1; __Host-admin-session=abc.def; b=2", "__Host-admin-session")).toBe("abc.def");
    expect(readCookie("a=1", "__Host-admin-session")).toBeUndefined();
    expect(readCookie(undefined, "__Host-admin-session")).toBeUndefined();
  });

  it("use a key kept in the data folder when none is configured", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "admin-key-"));
    try {
      const first = await resolveSessionSecret(undefined, dir);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(await resolveSessionSecret(undefined, dir)).toBe(first);
      expect((await stat(path.join(dir, "admin-session.secret"))).mode & 0o777).toBe(0o600);
      expect(await resolveSessionSecret(KEY, dir)).toBe(KEY);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
