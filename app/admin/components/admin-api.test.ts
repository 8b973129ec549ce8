import { describe, expect, it } from "vitest";
import { emptyFilters, exportHref, suggestedName, viewQuery } from "./admin-api";

describe("the inbox's view query", () => {
  it("sends only the filters that apply to the kind, and only those set", () => {
    const filters = { ...emptyFilters, q: "  ann ", role: "Agency", sector: "IT & Technology", status: "confirmed" };
    expect(viewQuery("enquiries", filters, { page: "2" })).toBe("page=2&q=ann&role=Agency&sector=IT+%26+Technology");
    expect(viewQuery("subscribers", filters)).toBe("q=ann&status=confirmed");
    expect(viewQuery("enquiries", emptyFilters)).toBe("");
  });

  it("exports the current filter", () => {
    expect(exportHref("enquiries", { ...emptyFilters, need: "Payroll" })).toBe("/api/admin/export.csv?kind=enquiries&need=Payroll");
  });
});

describe("a download's file name", () => {
  it("is the one the server suggests, else a plain fallback", () => {
    expect(suggestedName('attachment; filename="enquiries-2026-11-25.csv"')).toBe("enquiries-2026-11-25.csv");
    expect(suggestedName(null)).toBe("download");
    expect(suggestedName("attachment", "x.csv")).toBe("x.csv");
  });
});
