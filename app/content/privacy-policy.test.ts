import { describe, expect, it } from "vitest";
import { readRetention } from "../../contract/retention";
import { readBuildEnv } from "../../scripts/build/build-env";
import { privacyPolicy } from "./privacy-policy";
import { statedRetention } from "./retention";

// The policy's retention sentences state the periods the build read, which are
// the ones the server's purge reads from the same variables (server/config.ts).

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
