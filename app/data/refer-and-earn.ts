import file from "../../content/site/refer-and-earn.yaml";
import type { ContentOf } from "./schemas";
import { siteProfile } from "./site";
import type { Action } from "./types";

/**
 * The Refer & Earn button on the payroll, agencies and members pages. Referral
 * runs over a messaging app, so it leaves the site in a new tab.
 */
export const referAndEarnAction: Action = {
  label: (file as ContentOf<"site/refer-and-earn.yaml">).label,
  href: siteProfile.referAndEarnUrl,
  external: true,
  variant: "secondary",
};
