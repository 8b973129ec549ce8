import type { ContentOf } from "~/data/schemas";
import { CookieBanner } from "./cookie-banner";
import { DisclaimerBanner } from "./disclaimer-banner";

/** Both notices, stacked, in every page's HTML (see SiteLayout): which shows, and their buttons, are their head script's (head/notices.ts). */
export default function Notices({ copy }: { copy: ContentOf<"site/notices.yaml"> }) {
  return (
    <>
      <CookieBanner copy={copy.cookieBanner} />
      <DisclaimerBanner copy={copy.disclaimerBanner} />
    </>
  );
}
