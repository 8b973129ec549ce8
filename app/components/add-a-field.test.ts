// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { companyValues as values, withCompany } from "../../contract/fields.test-support";
import { contactFormCopy } from "~/data/contact";
import { readEntry } from "../../scripts/build/content-files";
import { ContactForm, validateEnquiry } from "./forms/contact-form";

const copy = contactFormCopy(readEntry("forms/enquiry.yaml"), readEntry("site/brand.yaml"));

// Adding a field is the table, a migration and its copy (contract/README.md).
// This side: the contact form picks up a field added to a copy of the table
// (the inbox's side: app/admin/components/add-a-field.test.ts).

afterEach(cleanup);

describe("a field added to a copy of the enquiry's table", () => {
  it("gets its input on the contact form, labelled, with its attributes, and its own error", async () => {
    render(createElement(ContactForm, { copy, table: withCompany }));
    const input = screen.getByLabelText(/^Company/);
    expect(input).toHaveAttribute("name", "company");
    expect(input).toHaveAttribute("type", "text");
    expect(input).toHaveAttribute("autocomplete", "organization");
    expect(input).toHaveAttribute("maxlength", "100");
    expect(input).toBeRequired();
    expect(await validateEnquiry({ ...values, company: "" }, true, copy.consentError, withCompany)).toEqual({ company: "Please enter your company name." });
  });
});
