// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { companyValues as values, withCompany, withoutCompany } from "../../contract/fields.test-support";
import { detailRows, inboxColumns } from "./admin/lead-fields";
import { ContactForm, validateEnquiry } from "./forms/contact-form";

// Adding a field is the table, a migration and its copy (contract/README.md).
// This side: the contact form and the inbox pick up a field added to a copy of the table.

afterEach(cleanup);

describe("a field added to a copy of the enquiry's table", () => {
  it("gets its input on the contact form, labelled, with its attributes, and its own error", async () => {
    render(createElement(ContactForm, { table: withCompany }));
    const input = screen.getByLabelText(/^Company/);
    expect(input).toHaveAttribute("name", "company");
    expect(input).toHaveAttribute("type", "text");
    expect(input).toHaveAttribute("autocomplete", "organization");
    expect(input).toHaveAttribute("maxlength", "100");
    expect(input).toBeRequired();
    expect(await validateEnquiry({ ...values, company: "" }, true, withCompany)).toEqual({ company: "Please enter your company name." });
  });

  it("is a column of the inbox's list and a row of its details", () => {
    expect(inboxColumns(withCompany).map((column) => column.label)).toEqual([...inboxColumns(withoutCompany).map((column) => column.label), "Company"]);
    expect(detailRows(withCompany, values)).toContainEqual(["Company", "=Acme Ltd"]);
  });
});
