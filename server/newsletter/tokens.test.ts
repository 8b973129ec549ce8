import { describe, expect, it } from "vitest";
import { hashConfirmToken, newConfirmToken } from "./tokens";

describe("confirmation tokens", () => {
  it("are 32 random bytes each, never the same twice, stored only as their hash", () => {
    const tokens = Array.from({ length: 1000 }, newConfirmToken);
    for (const { token, hash } of tokens) {
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      expect(hash).toBe(hashConfirmToken(token));
      expect(hash).not.toContain(token);
    }
    expect(new Set(tokens.map(({ token }) => token)).size).toBe(tokens.length);
  });
});
