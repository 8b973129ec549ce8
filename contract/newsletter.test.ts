import { describe, expect, it } from "vitest";
import { consentVersionOf, NEWSLETTER_CONSENT_VERSION, newsletterConsentText } from "./newsletter";

describe("the newsletter's consent wording", () => {
  it("has a version derived from it", () => {
    expect(NEWSLETTER_CONSENT_VERSION).toMatch(/^newsletter-[0-9a-f]{8}$/);
    expect(NEWSLETTER_CONSENT_VERSION).toBe(consentVersionOf(newsletterConsentText));
  });

  it("gets a new version whenever the wording changes, even by a character", () => {
    expect(consentVersionOf(`${newsletterConsentText} `)).not.toBe(NEWSLETTER_CONSENT_VERSION);
    expect(consentVersionOf(newsletterConsentText.replace("any time", "anytime"))).not.toBe(NEWSLETTER_CONSENT_VERSION);
    expect(consentVersionOf("")).toBe("newsletter-811c9dc5");
  });
});
