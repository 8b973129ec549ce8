import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { inputPolicyMessages, multiLineText, singleLineText } from "./input-policy";
import { parseLead } from "./lead";

const single = (input: string) => v.safeParse(singleLineText, input);
const multi = (input: string) => v.safeParse(multiLineText, input);

describe("single-line text", () => {
  it("is trimmed and composed (NFC), so the same name is stored the same way however it was typed", () => {
    expect(single("  Zoe\u0301 ").output).toBe("Zoé");
    expect(single("José Núñez").success).toBe(true);
    // Right-to-left names keep their direction marks.
    expect(single("\u200Fשרה כהן").success).toBe(true);
  });

  it("refuses control characters, line breaks inside, NUL and direction overrides", () => {
    for (const bad of ["Ann\u0000Bob", "Ann\u0001", "Ann\r\nBcc: x@y.z", "Ann\nBob", "Ann\tBob", "Ann\u007FBob", "Ann\u0085Bob", "Ann\u009BBob", "Ann\u202EboB", "Ann\u2066x\u2069"]) {
      const result = single(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.issues?.[0]?.message).toBe(inputPolicyMessages.singleLine);
    }
  });
});

describe("multi-line text (the message)", () => {
  it("keeps tabs and line breaks, with CRLF and lone CR made LF", () => {
    expect(multi("Line one\r\nLine two\rLine three\n\tindented").output).toBe("Line one\nLine two\nLine three\n\tindented");
  });

  it("refuses NUL, other controls and direction overrides", () => {
    for (const bad of ["a\u0000b", "a\u0007b", "a\u000Bb", "a\u009Fb", "a\u202Db"]) {
      const result = multi(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.issues?.[0]?.message).toBe(inputPolicyMessages.multiLine);
    }
  });
});

describe("the lead contract", () => {
  it("names the field that broke the policy", () => {
    const parsed = parseLead({ name: "Ann\u0000", email: "ann@example.co.uk", salutation: "Freelancer", phone: "0770\u202E0", message: "Hi\r\nthere" });
    expect(parsed).toMatchObject({ ok: false, errors: { name: inputPolicyMessages.singleLine, phone: inputPolicyMessages.singleLine } });
    expect(parseLead({ email: "ann\u0000@example.co.uk" })).toMatchObject({ ok: false, errors: { email: inputPolicyMessages.singleLine } });
    const fine = parseLead({ name: "Zoe\u0301", email: "ann@example.co.uk", salutation: "Freelancer", message: "Hi\r\nthere" });
    expect(fine).toMatchObject({ ok: true, lead: { name: "Zoé", message: "Hi\nthere" } });
  });
});
