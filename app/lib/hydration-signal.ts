import { useEffect } from "react";

/**
 * Marks the page hydrated (`window.__siteHydrated = true`). The JavaScript
 * starts after the first paint (scripts/build-pages.ts), so the load event
 * comes before hydration; browser tests wait for this flag (e2e/fixtures.ts).
 * Effects run children first: when the root's effect runs, every component's
 * listeners and timers are in place.
 */
export function useHydrationSignal() {
  useEffect(() => {
    (window as unknown as { __siteHydrated?: boolean }).__siteHydrated = true;
  }, []);
}
