import { BackToTop } from "./back-to-top";
import { CookieBanner } from "./cookie-banner";
import { DisclaimerBanner } from "./disclaimer-banner";

/**
 * The global helpers that are never in the pre-rendered HTML: the banners wait
 * for localStorage and the back-to-top button for scrolling. One chunk,
 * fetched after hydration (see SiteLayout).
 */
export default function SiteExtras() {
  return (
    <>
      <BackToTop />
      <CookieBanner />
      <DisclaimerBanner />
    </>
  );
}
