import { emptyValues, enquiryFields, type FieldTable } from "./form-fields";

// For tests only: a copy of the enquiry's table with one field added, as the
// walk-through in contract/README.md adds it. The add-a-field tests on each side check
// that every place built from a table picks the field up.

/** The real table's fields, without a company should it one day have one. */
export const withoutCompany: FieldTable = Object.fromEntries(Object.entries(enquiryFields).filter(([key]) => key !== "company"));

export const withCompany = {
  ...withoutCompany,
  company: {
    kind: "text", wire: "company", label: "Company", reportLabel: "Company", noun: "company name",
    input: "text", autocomplete: "organization", required: true, max: 100, csv: "company", inInboxList: true,
    personal: "company name",
  },
} as const satisfies FieldTable;

/** A valid enquiry of the copy, its company written like a formula. */
export const companyValues = {
  ...emptyValues(withoutCompany),
  name: "Ann Smith", email: "ann@example.co.uk", phone: "", role: "Agency",
  sectors: ["Healthcare"], needs: ["Payroll", "Training"], message: "Hi", company: "=Acme Ltd",
};
