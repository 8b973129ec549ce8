import { describe, expect, it } from "vitest";
import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from "./recovery-codes";
import { secretBox } from "./secret-box";

describe("secretBox", () => {
  const key = "k".repeat(64);

  it("opens what it sealed, for the same owner only, and never shows the secret", () => {
    const box = secretBox(key, "authenticator secrets");
    const sealed = box.seal("JBSWY3DPEHPK3PXP", "person-1");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(box.seal("JBSWY3DPEHPK3PXP", "person-1")).not.toBe(sealed);
    expect(box.open(sealed, "person-1")).toBe("JBSWY3DPEHPK3PXP");
    expect(() => box.open(sealed, "person-2")).toThrow();
  });

  it("does not open under another key or purpose, or when tampered with", () => {
    const sealed = secretBox(key, "authenticator secrets").seal("JBSWY3DPEHPK3PXP", "person-1");
    expect(() => secretBox("x".repeat(64), "authenticator secrets").open(sealed, "person-1")).toThrow();
    expect(() => secretBox(key, "something else").open(sealed, "person-1")).toThrow();
    const flipped = sealed.slice(0, -2) + (sealed.endsWith("AA") ? "AB" : "AA");
    expect(() => secretBox(key, "authenticator secrets").open(flipped, "person-1")).toThrow();
    expect(() => secretBox(key, "authenticator secrets").open("JBSWY3DPEHPK3PXP", "person-1")).toThrow(/v1/);
  });
});

describe("recovery codes", () => {
  it("are read back however they are typed, and only from their own alphabet", () => {
    const [code] = newRecoveryCodes(1) as [string];
    const normal = normaliseRecoveryCode(code)!;
    expect(normaliseRecoveryCode(code.toLowerCase().replaceAll("-", " "))).toBe(normal);
    expect(normaliseRecoveryCode(` ${code.replaceAll("-", "")}\t`)).toBe(normal);
    expect(hashRecoveryCode(normal)).toMatch(/^[\w-]{43}$/);
    // 0, 1, O and I are look-alikes the codes never use.
    expect(normaliseRecoveryCode("OOOO-IIII-0000")).toBeUndefined();
    expect(normaliseRecoveryCode("ABCD-EFGH")).toBeUndefined();
  });
});
