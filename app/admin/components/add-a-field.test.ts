import { describe, expect, it } from "vitest";
import { companyValues as values, withCompany, withoutCompany } from "../../../contract/fields.test-support";
import { detailRows, inboxColumns } from "./lead-fields";

// Adding a field is the table, a migration and its copy (contract/README.md).
// This side: the inbox picks up a field added to a copy of the table.

describe("a field added to a copy of the enquiry's table", () => {
  it("is a column of the inbox's list and a row of its details", () => {
    expect(inboxColumns(withCompany).map((column) => column.label)).toEqual([...inboxColumns(withoutCompany).map((column) => column.label), "Company"]);
    expect(detailRows(withCompany, values)).toContainEqual(["Company", "=Acme Ltd"]);
  });
});
