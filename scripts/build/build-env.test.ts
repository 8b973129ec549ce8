import { describe, expect, it } from "vitest";
import { retentionDefaults } from "../../contract/retention";
import { BuildEnvError, DEFAULT_SITE_URL, readBuildEnv } from "./build-env";

describe("readBuildEnv", () => {
  it("builds for this machine when nothing is set", () => {
    expect(readBuildEnv({})).toEqual({ siteUrl: DEFAULT_SITE_URL, apiBase: "", retention: retentionDefaults });
    expect(readBuildEnv({ PUBLIC_SITE_URL: "", PUBLIC_API_BASE: "" })).toEqual({ siteUrl: DEFAULT_SITE_URL, apiBase: "", retention: retentionDefaults });
  });

  it("writes the site's origin and the API base without a trailing slash", () => {
    expect(readBuildEnv({ PUBLIC_SITE_URL: "https://www.example.co.uk/", PUBLIC_API_BASE: "https://crm.example.co.uk/v1/" })).toEqual({
      siteUrl: "https://www.example.co.uk",
      apiBase: "https://crm.example.co.uk/v1",
      retention: retentionDefaults,
    });
  });

  it("stops the build on a bad value, naming every bad variable in one message", () => {
    const read = () => readBuildEnv({ PUBLIC_SITE_URL: "www.example.co.uk", PUBLIC_API_BASE: "crm" });
    expect(read).toThrow(BuildEnvError);
    expect(read).toThrow(/PUBLIC_SITE_URL="www\.example\.co\.uk": must be the site's origin[\s\S]*PUBLIC_API_BASE="crm": must be empty/);
  });

  it("refuses a site address whose path every page URL would lose", () => {
    expect(() => readBuildEnv({ PUBLIC_SITE_URL: "https://example.co.uk/site" })).toThrow(/PUBLIC_SITE_URL/);
    expect(() => readBuildEnv({ PUBLIC_SITE_URL: "ftp://example.co.uk" })).toThrow(/PUBLIC_SITE_URL/);
  });

  it("reads the retention periods the server enforces, under the same names, and refuses a bad one", () => {
    expect(readBuildEnv({ RETENTION_ENQUIRY_MONTHS: "12", RETENTION_DELIVERY_DAYS: "7", RETENTION_SPAM_DAYS: "14" }).retention).toEqual({
      enquiryMonths: 12,
      unconfirmedSignupDays: retentionDefaults.unconfirmedSignupDays,
      deliveryDays: 7,
      analyticsMonths: retentionDefaults.analyticsMonths,
      spamDays: 14,
    });
    expect(() => readBuildEnv({ RETENTION_UNCONFIRMED_SIGNUP_DAYS: "0" })).toThrow(/RETENTION_UNCONFIRMED_SIGNUP_DAYS="0": must be from 1 to 1200/);
    expect(() => readBuildEnv({ RETENTION_ENQUIRY_MONTHS: "two" })).toThrow(/RETENTION_ENQUIRY_MONTHS="two": must be a whole number/);
  });
});
