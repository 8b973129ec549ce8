import { describe, expect, it } from "vitest";
import { benefitColumns, parseBenefit } from "./benefit";

describe("parseBenefit", () => {
  it("takes a leading emoji as the icon and keeps the rest as text", () => {
    expect(parseBenefit("🏠 Brokers who understand day rates")).toEqual({ emoji: "🏠", text: "Brokers who understand day rates" });
  });
  it("keeps variation selectors, ZWJ sequences and flags whole", () => {
    expect(parseBenefit("✈️ Relocation support").emoji).toBe("✈️");
    expect(parseBenefit("👩‍💻 Remote roles").emoji).toBe("👩‍💻");
    expect(parseBenefit("🇦🇪 Free zone permits")).toEqual({ emoji: "🇦🇪", text: "Free zone permits" });
  });
  it("leaves text, digits and symbols that are not pictographs alone", () => {
    expect(parseBenefit("Same-day payroll")).toEqual({ emoji: null, text: "Same-day payroll" });
    expect(parseBenefit("24/7 support").emoji).toBeNull();
    expect(parseBenefit("£0 to you").emoji).toBeNull();
  });
});

describe("benefitColumns", () => {
  it("uses 3 columns only when there are more than 3 benefits", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(benefitColumns)).toEqual([1, 2, 2, 3, 3, 3, 3]);
  });
});
