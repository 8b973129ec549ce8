import { useEffect, type MouseEvent } from "react";
import { BACK_TO_TOP_THRESHOLD_PX } from "~/content/constants";
import { layoutCopy } from "~/content/layout";
import { usePrefersReducedMotion } from "~/lib/use-media-query";
import { useScrolledPast } from "~/lib/use-scrolled-past";
import { Icon } from "../ui/icon";

/** Where the browser scrolls for `#top` when no element has that id: the top of the page (HTML's fragment rules). */
const TOP = "#top";

/**
 * A real link to the top of the page, in every page's HTML, so it works from
 * the first paint and without JavaScript. It shows once the page is scrolled
 * past the threshold: by a scroll-driven animation where the browser has them
 * (app.css, `.back-to-top`, which holds the same threshold: site-layout.test.tsx
 * keeps the two equal), else by `data-shown`, which this component sets.
 * Once hydrated it scrolls smoothly (unless motion is reduced) and leaves the
 * address as it is.
 */
export function BackToTop() {
  const shown = useScrolledPast(BACK_TO_TOP_THRESHOLD_PX);
  const reducedMotion = usePrefersReducedMotion();
  // A press before hydration followed the link: leave the address as a later press does, without `#top`.
  useEffect(() => {
    if (window.location.hash === TOP) window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }, []);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: reducedMotion ? "auto" : "smooth" });
  };
  return (
    <a
      href={TOP}
      onClick={onClick}
      data-shown={shown || undefined}
      className="back-to-top fixed right-4 bottom-24 z-30 flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-600"
    >
      <Icon name="arrow-up" />
      <span className="sr-only">{layoutCopy.backToTop}</span>
    </a>
  );
}
