import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hashIp, opaqueId, resolveIpHashSecret, sourcePageOf, truncatedUserAgent } from "./visitor";

describe("resolveIpHashSecret", () => {
  it("uses the configured secret when there is one", async () => {
    expect(await resolveIpHashSecret("configured-secret-value", "/nonexistent")).toBe("configured-secret-value");
  });

  it("otherwise generates one, keeps it private in the data folder, and reuses it after a restart", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "secret-"));
    const first = await resolveIpHashSecret(undefined, dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await resolveIpHashSecret(undefined, dir)).toBe(first);
    expect((await readFile(path.join(dir, "ip-hash.secret"), "utf8")).trim()).toBe(first);
    expect((await stat(path.join(dir, "ip-hash.secret"))).mode & 0o077).toBe(0);
    expect(hashIp(first, "203.0.113.9")).toBe(hashIp(first, "203.0.113.9"));
    expect(hashIp(first, "203.0.113.9")).not.toBe(hashIp("another-secret", "203.0.113.9"));
    await rm(dir, { recursive: true, force: true });
  });
});

describe("sourcePageOf", () => {
  const own = new Set(["https://site.example"]);
  it("keeps only the path of one of our own pages", () => {
    expect(sourcePageOf("https://site.example/contact?email=a@b.co#x", own)).toBe("/contact");
    expect(sourcePageOf("https://elsewhere.example/contact", own)).toBeNull();
    expect(sourcePageOf("not a url", own)).toBeNull();
    expect(sourcePageOf(undefined, own)).toBeNull();
    expect(sourcePageOf("https://site.example/a'b\"c", own)).toBeNull();
    expect(sourcePageOf(`https://site.example/${"a".repeat(500)}`, own)?.length).toBe(200);
  });
});

describe("truncatedUserAgent and opaqueId", () => {
  it("truncates the user agent and strips control characters", () => {
    expect(truncatedUserAgent("a\r\nb".padEnd(400, "x"))).toHaveLength(256);
    expect(truncatedUserAgent("a\r\nb")).toBe("ab");
  });

  it("gives a UUID-shaped id, the same for the same key", () => {
    expect(opaqueId("s", "k")).toBe(opaqueId("s", "k"));
    expect(opaqueId("s", "k")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(opaqueId("s", undefined)).not.toBe(opaqueId("s", undefined));
  });
});
