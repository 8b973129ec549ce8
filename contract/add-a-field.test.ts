// @vitest-environment jsdom
// Adding a field is the table, a migration and its copy: a field added to a copy
// of the enquiry's table reaches every place built from it, on both sides.
import { cleanup, render, screen } from "@testing-library/react";
import { createElement } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { detailRows, inboxColumns } from "../app/components/admin/lead-fields";
import { ContactForm, validateEnquiry } from "../app/components/forms/contact-form";
import { enquiryExportColumns, toCsv, toRecords } from "../server/export";
import { enquiryDeliveries } from "../server/outbox/lead-deliveries";
import { fieldColumns, fieldValues } from "../server/store/enquiry-columns";
import type { EnquiryRow } from "../server/store/schema";
import { emptyValues, enquiryFields, parseForm, toWire, type FieldTable } from "./lead";

// The real table's fields (without a company, should it one day have one), and a copy that adds it after them.
const base: FieldTable = Object.fromEntries(Object.entries(enquiryFields).filter(([key]) => key !== "company"));
const withCompany = {
  ...base,
  company: {
    kind: "text", wire: "company", label: "Company", reportLabel: "Company", noun: "company name",
    input: "text", autocomplete: "organization", required: true, max: 100, csv: "company", inInboxList: true,
  },
} as const satisfies FieldTable;

const values = {
  ...emptyValues(base),
  name: "Ann Smith", email: "ann@example.co.uk", phone: "", role: "Agency",
  sectors: ["Healthcare"], needs: ["Payroll", "Training"], message: "Hi", company: "=Acme Ltd",
};

// A stored row, its field columns written by the store's own mapping.
const row = {
  id: "e1", created_at: "2026-11-25T10:00:00.000Z", ...fieldColumns(withCompany, values),
  consent_at: "2026-11-25T10:00:00.000Z", consent_version: "v1", source_page: "/contact", user_agent: "ua", ip_hash: "h", idempotency_key: null,
} as EnquiryRow & { company: string };

afterEach(cleanup);

describe("a field added to a copy of the enquiry's table", () => {
  it("is accepted and refused by the schema built from it", () => {
    expect(parseForm(withCompany, toWire(withCompany, values))).toEqual({ ok: true, lead: values });
    expect(parseForm(withCompany, toWire(withCompany, { ...values, company: " " }))).toMatchObject({ ok: false, errors: { company: "Please enter your company name." } });
    expect(parseForm(withCompany, toWire(withCompany, { ...values, company: "x".repeat(101) }))).toMatchObject({ errors: { company: "Company must be at most 100 characters." } });
  });

  it("gets its input on the contact form, labelled, with its attributes, and its own error", async () => {
    render(createElement(MemoryRouter, null, createElement(ContactForm, { table: withCompany })));
    const input = screen.getByLabelText(/^Company/);
    expect(input).toHaveAttribute("name", "company");
    expect(input).toHaveAttribute("type", "text");
    expect(input).toHaveAttribute("autocomplete", "organization");
    expect(input).toHaveAttribute("maxlength", "100");
    expect(input).toBeRequired();
    expect(await validateEnquiry({ ...values, company: "" }, true, withCompany)).toEqual({ company: "Please enter your company name." });
  });

  it("is stored in its own column and read back", () => {
    expect(row.company).toBe("=Acme Ltd");
    expect(fieldValues(withCompany, row)).toEqual(values);
  });

  it("gets a column in both exports, formula defused", () => {
    const columns = enquiryExportColumns(withCompany);
    // id, created_at, the real table's fields, then the new one, then the consent record.
    const before = enquiryExportColumns(base).headers;
    const after = 2 + Object.keys(base).length;
    expect(columns.headers).toEqual([...before.slice(0, after), "company", ...before.slice(after)]);
    expect(toRecords(columns, [row])[0]).toMatchObject({ company: "=Acme Ltd", needs: ["Payroll", "Training"] });
    const [header, line] = toCsv(columns, [row]).split("\r\n");
    expect(header!.split(",")[after]).toBe("company");
    expect(line).toContain(",'=Acme Ltd,");
  });

  it("is in the team's email under its label, and in the CRM's data", () => {
    const [email, webhook] = enquiryDeliveries(row, { publicSiteUrl: new URL("https://x.co.uk"), from: "a@x.co.uk", teamEmail: "t@x.co.uk", unsubscribeSecret: "s".repeat(16), webhookUrl: "https://crm.example" }, withCompany);
    expect(email!.payload).toMatchObject({ text: expect.stringContaining("Company: =Acme Ltd") });
    expect((email!.payload as { html: string }).html).toMatch(/<th scope="row"[^>]*>Company<\/th><td[^>]*>=Acme Ltd<\/td>/);
    expect(JSON.parse((webhook!.payload as { body: string }).body).data).toMatchObject({ company: "=Acme Ltd", role: "Agency" });
  });

  it("is a column of the inbox's list and a row of its details", () => {
    expect(inboxColumns(withCompany).map((column) => column.label)).toEqual([...inboxColumns(base).map((column) => column.label), "Company"]);
    expect(detailRows(withCompany, values)).toContainEqual(["Company", "=Acme Ltd"]);
  });
});
