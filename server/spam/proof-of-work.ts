import { createHmac } from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import type { Challenge, Payload } from "altcha-lib/v1/types";
import type { Redis } from "ioredis";
import type { ProofState } from "./signals";

// Proof of work without a third party: ALTCHA's challenge (altcha-lib), issued
// by this server, solved by the visitor's browser in a worker once they start a
// form, and checked here when the form arrives. A proof is spent once: the same
// proof sent again is a replay, unless it comes with the same submission's
// Idempotency-Key (a retry of one submission). Spent proofs are kept in Redis
// when REDIS_URL is set (shared by every instance), in memory otherwise.

/**
 * The largest number the browser may have to try: 10,000 SHA-256 hashes on
 * average, about 0.2 s on a laptop and under a second on a slow phone, in a
 * worker started as the visitor focuses the form. Enough to make each bot
 * submission cost a browser's work; cheap for a person, who is still typing.
 */
export const POW_MAX_NUMBER = 20_000;
/** A challenge is good for this long; the form fetches a fresh one when its proof gets close to it. */
export const CHALLENGE_TTL_MS = 30 * 60 * 1000;
/** A proof header longer than this is not ALTCHA's. */
const PROOF_MAX_LENGTH = 1024;

export interface SpentProofs {
  /** Marks the proof spent by `owner`; answers whether it was fresh, spent before by the same owner, or by another. */
  spend(id: string, owner: string, ttlMs: number): Promise<"fresh" | "same-owner" | "replayed">;
}

/** Spent proofs in this process's memory, forgotten once their challenge has expired. */
export function memorySpentProofs(): SpentProofs {
  const spent = new Map<string, { owner: string; until: number }>();
  let sweptAt = Date.now();
  return {
    async spend(id, owner, ttlMs) {
      const now = Date.now();
      if (now - sweptAt > 60_000) {
        for (const [key, entry] of spent) if (entry.until <= now) spent.delete(key);
        sweptAt = now;
      }
      const known = spent.get(id);
      if (known && known.until > now) return known.owner === owner && owner !== "" ? "same-owner" : "replayed";
      spent.set(id, { owner, until: now + ttlMs });
      return "fresh";
    },
  };
}

/** Spent proofs in Redis (SET NX with the challenge's lifetime); while Redis is down, in memory. */
export function redisSpentProofs(redis: Redis, fallback: SpentProofs = memorySpentProofs()): SpentProofs {
  return {
    async spend(id, owner, ttlMs) {
      const key = `altcha-spent:${id}`;
      try {
        if ((await redis.set(key, owner, "PX", ttlMs, "NX")) === "OK") return "fresh";
        const known = await redis.get(key);
        return known === owner && owner !== "" ? "same-owner" : "replayed";
      } catch {
        return fallback.spend(id, owner, ttlMs);
      }
    },
  };
}

export interface ProofOfWork {
  challenge(): Promise<Challenge>;
  /** Checks the X-Altcha header of one submission; `owner` is its scoped Idempotency-Key, or "" without one. */
  check(header: string | undefined, owner: string): Promise<ProofState>;
}

/** The HMAC key of the challenges, derived from a server secret so every instance sharing it accepts the others' proofs. */
export const proofKey = (secret: string) => createHmac("sha256", secret).update("altcha-challenge").digest("hex");

function readPayload(header: string): Payload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(header, "base64").toString("utf8"));
    if (typeof value !== "object" || value === null) return null;
    const { algorithm, challenge, number, salt, signature } = value as Record<string, unknown>;
    if (typeof algorithm !== "string" || typeof challenge !== "string" || typeof salt !== "string" || typeof signature !== "string") return null;
    if (typeof number !== "number" || !Number.isInteger(number) || number < 0 || number > POW_MAX_NUMBER) return null;
    // Only SHA-256, the one algorithm we issue: a client may not pick a cheaper one.
    if (algorithm !== "SHA-256") return null;
    return { algorithm, challenge, number, salt, signature };
  } catch {
    return null;
  }
}

export function createProofOfWork({ secret, spent, now = Date.now }: { secret: string; spent: SpentProofs; now?: () => number }): ProofOfWork {
  const hmacKey = proofKey(secret);
  return {
    challenge: () => createChallenge({ hmacKey, maxnumber: POW_MAX_NUMBER, expires: new Date(now() + CHALLENGE_TTL_MS) }),
    async check(header, owner) {
      if (header === undefined || header === "") return "missing";
      const payload = header.length <= PROOF_MAX_LENGTH ? readPayload(header) : null;
      if (!payload) return "invalid";
      // Signature and solution first, expiry apart: an expired proof of ours is as good as none, not a forgery.
      if (!(await verifySolution(payload, hmacKey, false))) return "invalid";
      const expires = Number(new URLSearchParams(payload.salt.split("?")[1] ?? "").get("expires"));
      if (!Number.isFinite(expires) || expires * 1000 < now()) return "missing";
      const outcome = await spent.spend(payload.signature, owner, Math.max(1000, expires * 1000 - now()));
      return outcome === "replayed" ? "replayed" : "valid";
    },
  };
}
