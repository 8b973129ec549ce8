import { describe, expect, it } from "vitest";
import { companyValues as values, withCompany, withoutCompany } from "../contract/fields.test-support";
import { enquiryExportColumns, toCsv, toRecords } from "./export";
import { enquiryDeliveries } from "./outbox/lead-deliveries";
import { fieldColumns, fieldValues } from "./store/enquiry-columns";
import type { EnquiryRow } from "./store/schema";

// Adding a field is the table, a migration and its copy (contract/README.md).
// This side: the store, both exports, the team email and the CRM call pick up a
// field added to a copy of the table.

// A stored row, its field columns written by the store's own mapping.
const row = {
  id: "e1", created_at: "2026-11-25T10:00:00.000Z", ...fieldColumns(withCompany, values),
  consent_at: "2026-11-25T10:00:00.000Z", consent_version: "v1", source_page: "/contact", user_agent: "ua", ip_hash: "h", idempotency_key: null,
} as EnquiryRow & { company: string };

describe("a field added to a copy of the enquiry's table", () => {
  it("is stored in its own column and read back", () => {
    expect(row.company).toBe("=Acme Ltd");
    expect(fieldValues(withCompany, row)).toEqual(values);
  });

  it("gets a column in both exports (they share one column list), formula defused", () => {
    const columns = enquiryExportColumns(withCompany);
    // id, created_at, the real table's fields, then the new one, then the consent record.
    const before = enquiryExportColumns(withoutCompany).headers;
    const after = 2 + Object.keys(withoutCompany).length;
    expect(columns.headers).toEqual([...before.slice(0, after), "company", ...before.slice(after)]);
    expect(toRecords(columns, [row])[0]).toMatchObject({ company: "=Acme Ltd", needs: ["Payroll", "Training"] });
    const [header, line] = toCsv(columns, [row]).split("\r\n");
    expect(header!.split(",")[after]).toBe("company");
    expect(line).toContain(",'=Acme Ltd,");
  });

  it("is in the team's email under its label, and in the CRM's data", () => {
    const settings = { publicSiteUrl: new URL("https://x.co.uk"), from: "a@x.co.uk", teamEmail: "t@x.co.uk", unsubscribeSecret: "s".repeat(16), webhookUrl: "https://crm.example" };
    const [email, webhook] = enquiryDeliveries(row, settings, withCompany);
    expect(email!.payload).toMatchObject({ text: expect.stringContaining("Company: =Acme Ltd") });
    expect((email!.payload as { html: string }).html).toMatch(/<th scope="row"[^>]*>Company<\/th><td[^>]*>=Acme Ltd<\/td>/);
    expect(JSON.parse((webhook!.payload as { body: string }).body).data).toMatchObject({ company: "=Acme Ltd", role: "Agency" });
  });
});
