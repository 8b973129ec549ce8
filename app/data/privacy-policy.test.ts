import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { enquiryFields, type FieldTable } from "../../contract/form-fields";
import { readRetention } from "../../contract/retention";
import { withCompany } from "../../contract/fields.test-support";
import { readBuildEnv } from "../../scripts/build/build-env";
import { markdownSections, splitFrontMatter } from "../../scripts/build/content-markdown";
import { contentDir, placeholderValues, readEntry, resolvePlaceholders } from "../../scripts/build/content-files";
import { statedRetention } from "./retention";
import { enquiryPlaceholders, placeholders } from "./schemas/placeholders";

// The policy's retention sentences state the periods the build read, which are
// the ones the server's purge reads from the same variables (server/config.ts).

const privacyPolicy = readEntry("legal/*.md", "privacy-policy");
const retentionSection = JSON.stringify(privacyPolicy.sections.find((section) => section.heading === "How long we keep your data"));

describe("the privacy policy's retention periods", () => {
  it("are the ones the build read from RETENTION_*, as the server reads them", () => {
    expect(statedRetention).toEqual(readBuildEnv(process.env).retention);
    expect(statedRetention).toEqual(readRetention(process.env).periods);
  });

  it("say what the purge does: counted from receipt, the sign-up and the last try", () => {
    expect(retentionSection).toContain(`Deleted ${statedRetention.enquiryMonths} months after we received them`);
    expect(retentionSection).toContain(`never confirmed are deleted ${statedRetention.unconfirmedSignupDays} days after the sign-up`);
    expect(retentionSection).toContain(`deleted ${statedRetention.deliveryDays} days after the last try to deliver them`);
    expect(retentionSection).toContain(`deleted ${statedRetention.analyticsMonths} months after the day they count`);
    expect(retentionSection).toContain(`deleted ${statedRetention.spamDays} days after we received them`);
    expect(retentionSection).not.toContain("last contact");
  });
});

/** content/legal/privacy-policy.md as the build makes it, with the enquiry's personal fields from `table`. */
function policyWith(table: FieldTable): string {
  const { data, body, bodyLine } = splitFrontMatter(readFileSync(path.join(contentDir, "legal/privacy-policy.md"), "utf8"));
  const sections = markdownSections(body, bodyLine);
  const values = placeholderValues("legal/privacy-policy.md", contentDir, { ...placeholders, enquiry: enquiryPlaceholders(table) });
  return JSON.stringify(resolvePlaceholders({ ...(data as object), sections }, [], values));
}

describe("the privacy policy's list of what an enquiry holds", () => {
  it("names the enquiry table's personal fields, the required ones first", () => {
    expect(JSON.stringify(privacyPolicy)).toContain(
      "Your name, email address and role (freelancer, agency, business or other); and, if you choose to give them, your phone number, the sectors you work in, what you need help with and your message.",
    );
  });

  it("changes when a personal field is added to the table, or a field stops being personal", () => {
    expect(policyWith(enquiryFields)).not.toContain("company name");
    expect(policyWith(withCompany)).toContain("Your name, email address, role (freelancer, agency, business or other) and company name; and,");
    const phoneNotPersonal = { ...enquiryFields, phone: { ...enquiryFields.phone, personal: false } } satisfies FieldTable;
    expect(policyWith(phoneNotPersonal)).not.toContain("phone number");
  });
});
