import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { issueSession, passwordChecker, readCookie, resolveSessionSecret, sessionValid, SESSION_TTL_MS } from "./session";

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
  it("are valid for 8 hours with the key that signed them", () => {
    const now = Date.now();
    const token = issueSession(KEY, now);
    expect(sessionValid(KEY, token, now)).toBe(true);
    expect(sessionValid(KEY, token, now + SESSION_TTL_MS - 1)).toBe(true);
    expect(sessionValid(KEY, token, now + SESSION_TTL_MS)).toBe(false);
    expect(sessionValid(`${KEY}x`, token, now)).toBe(false);
  });

  it("cannot be extended or altered", () => {
    const token = issueSession(KEY);
    const [expiry, random, mac] = token.split(".");
    expect(sessionValid(KEY, `${Number(expiry) + 1e9}.${random}.${mac}`)).toBe(false);
    expect(sessionValid(KEY, `${expiry}.${random}x.${mac}`)).toBe(false);
    expect(sessionValid(KEY, `${expiry}.${random}.${mac!.startsWith("A") ? "B" : "A"}${mac!.slice(1)}`)).toBe(false);
    for (const bad of [undefined, "", "x", `${expiry}.${random}`, `${token}.extra`]) expect(sessionValid(KEY, bad)).toBe(false);
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
