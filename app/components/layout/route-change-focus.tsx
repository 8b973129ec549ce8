import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * On every route change (not the first load): scroll to the top, as the spec
 * asks, and move focus to the new page's main heading so screen readers
 * announce the page and keyboard users start from its top.
 */
export function RouteChangeFocus() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading) {
      heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
  }, [pathname]);
  return null;
}
