import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database";
import type { Database } from "./schema";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "./databases.test-support";
import { createSignInLimits, type SignInLimits } from "./sign-in-limits-store";

// The sign-in's limits on SQLite and PostgreSQL: claims arriving together
// never pass a limit, a full limit counts nothing, windows end on the clock
// the caller gives.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);
const WINDOW = 15 * 60 * 1000;
const NOW = Date.parse("2026-11-28T12:00:00Z");

describe.each(kinds)("the sign-in limits on %s", (kind) => {
  let scratch: ScratchDatabase;
  let db: Kysely<Database>;
  let limits: SignInLimits;

  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    db = (await openDatabase(scratch)).db;
    limits = createSignInLimits(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await scratch?.drop();
  });

  it("lets exactly the limit through when 300 claims arrive at once", async () => {
    const limit = { key: "burst", max: 10, windowMs: WINDOW };
    const claims = await Promise.all(Array.from({ length: 300 }, () => limits.claim([limit], NOW)));
    const granted = claims.filter((claim) => claim.ok);
    expect(granted).toHaveLength(10);
    expect(granted.map((claim) => claim.ok && claim.attempts[0]).sort((a, b) => Number(a) - Number(b))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(claims.find((claim) => !claim.ok)).toEqual({ ok: false, full: "burst" });
    expect(await limits.attempts("burst", NOW)).toBe(10);
  });

  it("counts all of a claim's limits or none: a full total leaves the account's count as it was", async () => {
    const total = { key: "total-a", max: 3, windowMs: WINDOW };
    const accounts = ["account-1", "account-2", "account-3", "account-4", "account-5"].map((key) => ({ key, max: 10, windowMs: WINDOW }));
    const claims = await Promise.all(accounts.flatMap((account) => [0, 1].map(() => limits.claim([account, total], NOW))));
    expect(claims.filter((claim) => claim.ok)).toHaveLength(3);
    const counted = await Promise.all(accounts.map((account) => limits.attempts(account.key, NOW)));
    expect(counted.reduce((sum, n) => sum + n, 0)).toBe(3);
  });

  it("starts a window again once it has ended, and gives back and clears", async () => {
    const limit = { key: "window", max: 2, windowMs: WINDOW };
    expect((await limits.claim([limit], NOW)).ok).toBe(true);
    expect((await limits.claim([limit], NOW)).ok).toBe(true);
    expect((await limits.claim([limit], NOW + WINDOW - 1)).ok).toBe(false);
    await limits.giveBack("window", NOW);
    expect(await limits.claim([limit], NOW)).toEqual({ ok: true, attempts: [2] });
    expect(await limits.claim([limit], NOW + WINDOW)).toEqual({ ok: true, attempts: [1] });
    await limits.clear("window");
    expect(await limits.attempts("window", NOW + WINDOW)).toBe(0);
  });

  it("holds a limit full until a later moment (an account's lock)", async () => {
    const limit = { key: "held", max: 10, windowMs: WINDOW };
    await limits.claim([limit], NOW);
    await limits.hold("held", 10, NOW + 2 * WINDOW);
    expect((await limits.claim([limit], NOW + WINDOW)).ok).toBe(false);
    expect((await limits.claim([limit], NOW + 2 * WINDOW)).ok).toBe(true);
  });
});
