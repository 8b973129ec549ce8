import { siteProfile } from "./site";
import type { Action } from "./types";

/**
 * The Refer & Earn button on the payroll, agencies and members pages. Referral
 * runs over a messaging app, so it leaves the site in a new tab.
 */
export const referAndEarnAction: Action = {
  label: "Refer & Earn Bonuses",
  href: siteProfile.referAndEarnUrl,
  external: true,
  variant: "secondary",
};
