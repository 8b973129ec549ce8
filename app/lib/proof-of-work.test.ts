// @vitest-environment jsdom
import { createChallenge, verifySolution } from "altcha-lib/v1";
import { afterEach, describe, expect, it, vi } from "vitest";
import { solveProof } from "./proof-of-work";

// jsdom has no Worker, as an older browser may not have a module worker: the page solves the proof itself.

afterEach(() => vi.unstubAllGlobals());

describe("solveProof", () => {
  it("solves the server's challenge without a worker, and the server's check accepts it", async () => {
    const hmacKey = "test-key";
    const challenge = await createChallenge({ hmacKey, maxnumber: 2000 });
    vi.stubGlobal("fetch", vi.fn(async () => Response.json(challenge)));
    const header = await solveProof("/api/contactus/challenge");
    expect(header).not.toBeNull();
    const payload = JSON.parse(atob(header!)) as Parameters<typeof verifySolution>[0];
    expect(await verifySolution(payload, hmacKey, false)).toBe(true);
  });

  it("answers null when there is no challenge to solve", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("down", { status: 503 })));
    expect(await solveProof("/api/contactus/challenge")).toBeNull();
  });
});
