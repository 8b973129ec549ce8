import { CookieBanner } from "./cookie-banner";
import { DisclaimerBanner } from "./disclaimer-banner";

/** Both notices, stacked: a static part of every page (see SiteLayout), so the browser keeps the pre-rendered HTML and never downloads this. */
export default function Notices() {
  return (
    <>
      <CookieBanner />
      <DisclaimerBanner />
    </>
  );
}
