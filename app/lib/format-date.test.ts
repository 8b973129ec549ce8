import { describe, expect, it } from "vitest";
import { formatDateGB, formatIsoDateGB, localIsoDate } from "./format-date";

describe("date formatting", () => {
  it("writes dates the British way", () => {
    expect(formatDateGB(new Date(2026, 10, 22))).toBe("22 November 2026");
    expect(formatDateGB(new Date(2027, 0, 5))).toBe("5 January 2027");
  });
  it("formats a content date without drifting across time zones", () => {
    expect(formatIsoDateGB("2026-11-01")).toBe("1 November 2026");
  });
  it("gives the local calendar date for a time element", () => {
    expect(localIsoDate(new Date(2026, 2, 9, 23, 59))).toBe("2026-03-09");
  });
});
