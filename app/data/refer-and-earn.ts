import type { ContentOf } from "./schemas";
import type { Action } from "./types";

/**
 * The Refer & Earn button on the payroll, agencies and members pages: its
 * label is content/site/refer-and-earn.yaml, its address the site's
 * (site/profile.yaml), not the page's. Referral runs over a messaging app, so
 * it leaves the site in a new tab, and says so (site/layout.yaml's words).
 */
export function referAndEarnAction(
  button: ContentOf<"site/refer-and-earn.yaml">,
  profile: ContentOf<"site/profile.yaml">,
  layout: ContentOf<"site/layout.yaml">,
): Action {
  return { label: button.label, href: profile.referAndEarnUrl, external: true, newTab: layout.footer.newTab, variant: "secondary" };
}
