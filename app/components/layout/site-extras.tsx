import { BackToTop } from "./back-to-top";

/**
 * The global helpers that are never in the pre-rendered HTML: the
 * back-to-top button waits for scrolling. One chunk, fetched after hydration
 * (see SiteLayout). The notices are in the HTML instead (notices.tsx).
 */
export default function SiteExtras() {
  return <BackToTop />;
}
