import { describe, expect, it } from "vitest";
import { contactFormCopy } from "~/data/contact";
import { readEntry } from "../../../scripts/build/content-files";
import { emptyValues, enquiryFields, limits } from "../../../contract/lead";
import { validateEnquiry } from "./contact-form";

const contactForm = contactFormCopy(readEntry("forms/enquiry.yaml"), readEntry("site/brand.yaml"));

const valid = {
  ...emptyValues(enquiryFields),
  name: "Ann Smith", email: "ann@example.co.uk", phone: "", role: "Freelancer",
  sectors: [], needs: [], message: "",
};

describe("validateEnquiry", () => {
  it("accepts the four required fields alone", async () => {
    expect(await validateEnquiry(valid, true, contactForm.consentError)).toEqual({});
  });

  it("names each missing required field with the contract schema's message, and the consent", async () => {
    expect(await validateEnquiry({ ...valid, name: " ", email: "", role: "" }, false, contactForm.consentError)).toEqual({
      name: "Please enter your name.",
      email: "Please enter your email address.",
      role: "Please choose your role.",
      consent: contactForm.consentError,
    });
  });

  it("applies the schema's format and length rules to the form's own field names", async () => {
    expect(await validateEnquiry({ ...valid, email: "ann@" }, true, contactForm.consentError)).toEqual({ email: "Please enter a valid email address." });
    expect(Object.keys(await validateEnquiry({ ...valid, phone: "1".repeat(limits.phone + 1) }, true, contactForm.consentError))).toEqual(["phone"]);
    expect(Object.keys(await validateEnquiry({ ...valid, message: "x".repeat(limits.message + 1) }, true, contactForm.consentError))).toEqual(["message"]);
  });
});
