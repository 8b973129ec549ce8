import { useEffect } from "react";

let markRootHydrated: () => void = () => {};
let pageHydrated = false;
const rootHydration = new Promise<void>((resolve) => (markRootHydrated = resolve));

/** Resolves once the page has hydrated: parts hydrated later (the footer's newsletter form) fetch their code then, not before. */
export const afterRootHydration = () => rootHydration;

/** False while React hydrates the pre-rendered page; true once it has (and in every render after). */
export const isPageHydrated = () => pageHydrated;

/**
 * Marks the page hydrated (`window.__siteHydrated = true`). The JavaScript
 * starts after the first paint (scripts/build/start-after-paint.ts), so the load event
 * comes before hydration; browser tests wait for this flag (e2e/fixtures.ts).
 * Effects run children first: when the root's effect runs, every component's
 * listeners and timers are in place.
 */
export function useHydrationSignal() {
  useEffect(() => {
    (window as unknown as { __siteHydrated?: boolean }).__siteHydrated = true;
    pageHydrated = true;
    markRootHydrated();
  }, []);
}
