import { describe, expect, it, vi } from "vitest";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../contract/team";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords";

// The shipped cost here, not the suite's lower one (vitest.setup.ts).
vi.unmock("./password-cost");

describe("team passwords", () => {
  it("need at least 12 characters and at most 1024, with no rules about what kind", () => {
    expect(passwordProblem("a".repeat(PASSWORD_MIN - 1))).toBe("Use at least 12 characters.");
    expect(passwordProblem("plain lower words")).toBeUndefined();
    expect(passwordProblem("x".repeat(PASSWORD_MAX))).toBeUndefined();
    expect(passwordProblem("x".repeat(PASSWORD_MAX + 1))).toBe("Use at most 1024 characters.");
    // Characters as a person counts them: eleven emoji are eleven, not twenty-two.
    expect(passwordProblem("🙂".repeat(PASSWORD_MIN - 1))).toBe("Use at least 12 characters.");
  });

  it("refuses one on the common-passwords list, whatever its case", () => {
    for (const common of ["qwerty123456", "QWERTY123456", "1q2w3e4r5t6y"]) {
      expect(passwordProblem(common)).toBe("That password is on a list of common passwords: choose another.");
    }
  });

  it("refuses the person's own email address", () => {
    expect(passwordProblem("Ann.Example@Team.Example", "ann.example@team.example")).toBe("Do not use your email address as your password.");
    expect(passwordProblem("ann.example@team.example!", "ann.example@team.example")).toBeUndefined();
  });

  it("are stored as salted scrypt with their parameters, and checked against that", async () => {
    const first = await hashPassword("correct horse battery staple");
    const second = await hashPassword("correct horse battery staple");
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    // A random salt each time: the same password is stored differently.
    expect(first).not.toBe(second);
    expect(await verifyPassword("correct horse battery staple", first)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", first)).toBe(false);
    expect(await verifyPassword("correct horse battery staple", "scrypt$broken")).toBe(false);
  });
});
