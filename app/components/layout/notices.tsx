import { CookieBanner } from "./cookie-banner";
import { DisclaimerBanner } from "./disclaimer-banner";

/** Both notices, stacked, in every page's HTML (see SiteLayout): which shows, and their buttons, are their head script's (head/notices.ts). */
export default function Notices() {
  return (
    <>
      <CookieBanner />
      <DisclaimerBanner />
    </>
  );
}
