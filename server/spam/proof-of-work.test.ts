import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { solveChallenge } from "altcha-lib/v1";
import { afterAll, describe, expect, it } from "vitest";
import { redisReachable, shouldRun, testRedisUrl } from "../store/databases.test-support";
import { CHALLENGE_TTL_MS, createProofOfWork, memorySpentProofs, redisSpentProofs, type SpentProofs } from "./proof-of-work";
import { LINK_FLOOD, linkCount, MACHINE_FILL_MS, mostlyForeignScript, spamSignals } from "./signals";

// The proof of work's checks, with spent proofs in memory and in Redis, and the signals' weights.

const runRedis = shouldRun("Redis", await redisReachable());

async function solved(pow: ReturnType<typeof createProofOfWork>, change: Record<string, unknown> = {}) {
  const challenge = await pow.challenge();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution!.number, salt: challenge.salt, signature: challenge.signature, ...change };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

const clients: Redis[] = [];
afterAll(() => Promise.all(clients.map((client) => client.quit())));
const stores: [string, () => SpentProofs][] = [["memory", memorySpentProofs]];
if (runRedis) {
  stores.push([
    "redis",
    () => {
      const client = new Redis(testRedisUrl, { keyPrefix: `test-${randomBytes(4).toString("hex")}:` });
      clients.push(client);
      return redisSpentProofs(client);
    },
  ]);
}

describe.each(stores)("proofs of work, spent in %s", (_name, spentStore) => {
  it("accepts a solved proof once; the same submission may resend it; another may not", async () => {
    const spent = spentStore();
    const pow = createProofOfWork({ secret: "server-secret-0123456789", spent });
    const proof = await solved(pow);
    expect(await pow.check(proof, "key-a")).toBe("valid");
    expect(await pow.check(proof, "key-a")).toBe("valid");
    expect(await pow.check(proof, "key-b")).toBe("replayed");
    expect(await pow.check(proof, "")).toBe("replayed");
  });

  it("is shared by instances with the same secret, and only theirs", async () => {
    const spent = spentStore();
    const one = createProofOfWork({ secret: "server-secret-0123456789", spent });
    const two = createProofOfWork({ secret: "server-secret-0123456789", spent });
    const other = createProofOfWork({ secret: "another-secret-012345678", spent });
    const proof = await solved(one);
    expect(await other.check(proof, "")).toBe("invalid");
    expect(await two.check(proof, "")).toBe("valid");
    expect(await one.check(proof, "")).toBe("replayed");
  });
});

describe("checking a proof", () => {
  const pow = () => createProofOfWork({ secret: "server-secret-0123456789", spent: memorySpentProofs() });

  it("calls a missing header missing, and garbage, a wrong number or a cheaper algorithm invalid", async () => {
    const p = pow();
    expect(await p.check(undefined, "")).toBe("missing");
    expect(await p.check("", "")).toBe("missing");
    expect(await p.check("not base64 json", "")).toBe("invalid");
    expect(await p.check("x".repeat(5000), "")).toBe("invalid");
    const good = JSON.parse(Buffer.from(await solved(p), "base64").toString()) as { number: number };
    expect(await p.check(await solved(p, { number: good.number + 1 }), "")).toBe("invalid");
    expect(await p.check(await solved(p, { algorithm: "SHA-1" }), "")).toBe("invalid");
  });

  it("treats an expired proof of ours as none, not as a forgery", async () => {
    let now = Date.now();
    const p = createProofOfWork({ secret: "server-secret-0123456789", spent: memorySpentProofs(), now: () => now });
    const proof = await solved(p);
    now += CHALLENGE_TTL_MS + 60_000;
    expect(await p.check(proof, "")).toBe("missing");
  });
});

describe("the signals' weights", () => {
  const person = { sender: "page-script" as const, honeypot: "", ageMs: 10_000, fillMs: 8000, minSubmitMs: 2000, proof: "valid" as const, automated: false, text: "Hello" };
  const withoutJs = { ...person, sender: "form-post" as const, proof: "missing" as const, ageMs: undefined, fillMs: undefined };

  it("hold nothing a person does, alone or two together", () => {
    const threeLinks = "Portfolio https://ann.example, linkedin.com/in/ann and github.com/ann";
    const arabic = "مرحبا، نحتاج إلى مساعدة في الرواتب لفريقنا";
    const weak = [{ honeypot: "saved@example.co.uk" }, { ageMs: 1400 }, { text: threeLinks }, { text: arabic }];
    for (const one of weak) expect(spamSignals({ ...person, ...one }).spam).toBe(false);
    expect(spamSignals({ ...person, honeypot: "saved@example.co.uk", ageMs: 1400 })).toMatchObject({ spam: false, reasons: ["honeypot", "too-fast"] });
    expect(spamSignals({ ...person, ageMs: 1400, text: threeLinks })).toMatchObject({ spam: false, score: 2 });
    expect(spamSignals({ ...person, text: `${arabic} ${threeLinks}` })).toMatchObject({ spam: false, reasons: ["links", "foreign-script"] });
  });

  it("hold the browser's own form post until its one press, and only the owner releases one held for more", () => {
    // Without JavaScript there is no proof and no timing, just as from a bot posting the form's HTML: one press tells them apart.
    expect(spamSignals(withoutJs)).toMatchObject({ spam: true, confirmable: true, reasons: ["not-confirmed"] });
    const threeLinks = "Portfolio https://ann.example, linkedin.com/in/ann and github.com/ann";
    expect(spamSignals({ ...withoutJs, honeypot: "saved@example.co.uk", text: threeLinks })).toMatchObject({ spam: true, confirmable: true, score: 5 });
    const linkSpam = Array.from({ length: 5 }, (_, i) => `site${i}.shop`).join(" ");
    expect(spamSignals({ ...withoutJs, honeypot: "https://spam.example", text: linkSpam })).toMatchObject({ spam: true, confirmable: false, reasons: ["honeypot", "not-confirmed", "links"] });
    // The page's script never asks for the press.
    expect(spamSignals(person)).toMatchObject({ spam: false, confirmable: false });
    expect(spamSignals({ ...person, proof: "missing" }).confirmable).toBe(false);
  });

  it("hold what only a script does, each alone", () => {
    expect(spamSignals({ ...person, proof: "missing" })).toMatchObject({ spam: true, reasons: ["pow-missing"] });
    expect(spamSignals({ ...withoutJs, sender: "other" })).toMatchObject({ spam: true, reasons: ["no-browser"] });
    expect(spamSignals({ ...person, ageMs: 300 })).toMatchObject({ spam: true, reasons: ["too-fast"] });
    expect(spamSignals({ ...person, fillMs: MACHINE_FILL_MS - 1 })).toMatchObject({ spam: true, reasons: ["too-fast"] });
    expect(spamSignals({ ...person, fillMs: MACHINE_FILL_MS }).spam).toBe(false);
    expect(spamSignals({ ...person, automated: true })).toMatchObject({ spam: true, reasons: ["automated"] });
    expect(spamSignals({ ...person, proof: "replayed" }).spam).toBe(true);
    expect(spamSignals({ ...person, proof: "invalid" }).spam).toBe(true);
    expect(spamSignals({ ...person, text: Array.from({ length: LINK_FLOOD }, (_, i) => `site${i}.shop`).join(" ") })).toMatchObject({ spam: true, reasons: ["links"] });
  });

  it("count links with or without a scheme, never an email address or a file name", () => {
    expect(linkCount("see https://a.example and www.b.example, [url=x]")).toBe(3);
    expect(linkCount("cheap-pills.shop, best.casino.top/win and my.site.co.uk")).toBe(3);
    expect(linkCount("Write to ann@example.co.uk about Node.js, e.g. our index.html")).toBe(0);
    expect(mostlyForeignScript("Здравствуйте, нам нужна помощь")).toBe(true);
    expect(mostlyForeignScript("Zażółć gęślą jaźń, proszę o kontakt")).toBe(false);
    expect(mostlyForeignScript("Привет")).toBe(false);
  });
});
