import { describe, expect, it } from "vitest";
import { idempotencyKeyPattern, parseLead } from "./lead";

describe("parseLead", () => {
  it("takes an email-only body as a newsletter sign-up", () => {
    expect(parseLead({ email: " a@b.co " })).toEqual({ ok: true, kind: "newsletter", lead: { email: "a@b.co" } });
  });

  it("takes a body with a name as an enquiry and splits the comma-joined lists", () => {
    const parsed = parseLead({
      name: "Ann", email: "ann@example.co.uk", phone: "", salutation: "Freelancer",
      sector: "Healthcare,IT & Technology", you_need: "Payroll", message: "Hi",
    });
    expect(parsed).toMatchObject({ ok: true, kind: "enquiry", lead: { sector: ["Healthcare", "IT & Technology"], you_need: ["Payroll"] } });
  });

  it("names each bad field", () => {
    const parsed = parseLead({ name: "", email: "not-an-email", salutation: "Boss", sector: "Space", extra: "x" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual(["email", "extra", "name", "salutation", "sector"]);
    expect(parsed.errors.extra).toBe("Unknown field.");
  });

  it("enforces the maximum lengths", () => {
    const parsed = parseLead({ name: "x".repeat(121), email: "a@b.co", salutation: "Other" });
    expect(parsed.ok).toBe(false);
  });
});

describe("idempotencyKeyPattern", () => {
  it("accepts 1–200 printable ASCII characters, such as a UUID", () => {
    expect(idempotencyKeyPattern.test(crypto.randomUUID())).toBe(true);
    expect(idempotencyKeyPattern.test("k".repeat(200))).toBe(true);
    expect(idempotencyKeyPattern.test("k".repeat(201))).toBe(false);
    expect(idempotencyKeyPattern.test("")).toBe(false);
    expect(idempotencyKeyPattern.test("tab\there")).toBe(false);
    expect(idempotencyKeyPattern.test("café")).toBe(false);
  });
});
