import { describe, expect, it } from "vitest";
import { contactForm } from "~/data/contact";
import { emptyValues, enquiryFields, limits } from "../../../contract/lead";
import { validateEnquiry } from "./contact-form";

const valid = {
  ...emptyValues(enquiryFields),
  name: "Ann Smith", email: "ann@example.co.uk", phone: "", role: "Freelancer",
  sectors: [], needs: [], message: "",
};

describe("validateEnquiry", () => {
  it("accepts the four required fields alone", async () => {
    expect(await validateEnquiry(valid, true)).toEqual({});
  });

  it("names each missing required field with the contract schema's message, and the consent", async () => {
    expect(await validateEnquiry({ ...valid, name: " ", email: "", role: "" }, false)).toEqual({
      name: "Please enter your name.",
      email: "Please enter your email address.",
      role: "Please choose your role.",
      consent: contactForm.consentError,
    });
  });

  it("applies the schema's format and length rules to the form's own field names", async () => {
    expect(await validateEnquiry({ ...valid, email: "ann@" }, true)).toEqual({ email: "Please enter a valid email address." });
    expect(Object.keys(await validateEnquiry({ ...valid, phone: "1".repeat(limits.phone + 1) }, true))).toEqual(["phone"]);
    expect(Object.keys(await validateEnquiry({ ...valid, message: "x".repeat(limits.message + 1) }, true))).toEqual(["message"]);
  });
});
