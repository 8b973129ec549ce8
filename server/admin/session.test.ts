import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCookie, resolveSessionSecret } from "./session";

const KEY = "0123456789abcdef0123456789abcdef";

describe("session cookies", () => {
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
