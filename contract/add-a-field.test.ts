import { describe, expect, it } from "vitest";
import { parseForm, toWire } from "./lead";
import { companyValues as values, withCompany } from "./fields.test-support";

// Adding a field is the table, a migration and its copy. This side: the schema.
// app/components/add-a-field.test.ts, app/admin/components/add-a-field.test.ts and
// server/add-a-field.test.ts check the rest.

describe("a field added to a copy of the enquiry's table", () => {
  it("is accepted and refused by the schema built from it", () => {
    expect(parseForm(withCompany, toWire(withCompany, values))).toEqual({ ok: true, lead: values });
    expect(parseForm(withCompany, toWire(withCompany, { ...values, company: " " }))).toMatchObject({ ok: false, errors: { company: "Please enter your company name." } });
    expect(parseForm(withCompany, toWire(withCompany, { ...values, company: "x".repeat(101) }))).toMatchObject({ errors: { company: "Company must be at most 100 characters." } });
  });
});
