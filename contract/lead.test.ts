import { describe, expect, it } from "vitest";
import { idempotencyKeyPattern, parseLead } from "./lead";

describe("parseLead", () => {
  it("takes an email-only body as a newsletter sign-up", () => {
    expect(parseLead({ email: " a@b.co " })).toEqual({ ok: true, kind: "newsletter", lead: { email: "a@b.co" } });
  });

  it("takes a body with a name as an enquiry, splits the comma-joined lists and keys the lead by field", () => {
    const parsed = parseLead({
      name: "Ann", email: "ann@example.co.uk", phone: "", salutation: "Freelancer",
      sector: "Healthcare,IT & Technology", you_need: "Payroll", message: "Hi",
    });
    expect(parsed).toMatchObject({
      ok: true,
      kind: "enquiry",
      lead: { name: "Ann", email: "ann@example.co.uk", phone: "", role: "Freelancer", sectors: ["Healthcare", "IT & Technology"], needs: ["Payroll"], message: "Hi" },
    });
  });

  it("names each bad field", () => {
    const parsed = parseLead({ name: "", email: "not-an-email", salutation: "Boss", sector: "Space", extra: "x" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual(["email", "extra", "name", "salutation", "sector"]);
    expect(parsed.errors.extra).toBe("Unknown field.");
  });

  it("gives each refusal the words a visitor reads beside the field", () => {
    const parsed = parseLead({
      name: "x".repeat(121), email: "a@b", phone: "1".repeat(41), salutation: "", sector: "Space", you_need: "Payroll,Payroll", message: "x".repeat(5001),
    });
    expect(parsed).toEqual({
      ok: false,
      errors: {
        name: "Name must be at most 120 characters.",
        email: "Please enter a valid email address.",
        phone: "Phone must be at most 40 characters.",
        salutation: "Please choose your role.",
        sector: "Each sector must be one of: Healthcare, Construction, Engineering, IT & Technology, Public Sector, Private Sector.",
        you_need: "Each need may be chosen once.",
        message: "Message must be at most 5000 characters.",
      },
    });
    expect(parseLead({ name: " ", email: "" })).toMatchObject({ errors: { name: "Please enter your name.", email: "Please enter your email address." } });
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
