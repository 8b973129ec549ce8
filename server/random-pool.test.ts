import { describe, expect, it } from "vitest";
import { pooledRandomBytes } from "./random-pool";

describe("pooledRandomBytes", () => {
  it("hands out each byte once: no two draws overlap, across the pool's refills", () => {
    // 8192-byte pool: 600 draws of 32 bytes run through it more than twice.
    const draws = Array.from({ length: 600 }, () => pooledRandomBytes(32));
    for (const draw of draws) expect(draw).toHaveLength(32);
    expect(new Set(draws.map((draw) => draw.toString("hex"))).size).toBe(draws.length);
  });

  it("gives a draw that does not fit what is left of the pool fresh bytes, whole", () => {
    pooledRandomBytes(8000);
    const straddling = pooledRandomBytes(500);
    expect(straddling).toHaveLength(500);
    // Not all zeros: it came from a new pool, not past the end of the old one.
    expect(straddling.some((byte) => byte !== 0)).toBe(true);
  });
});
