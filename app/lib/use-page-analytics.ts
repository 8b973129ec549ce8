import { useEffect } from "react";
import { useLocation } from "react-router";

// The page beacon is fetched after hydration, on its own: a page's first load
// carries none of its bytes (the budget is set against the framework's floor).

/** Reports each page view (and, from then on, the lead forms' steps) through the beacon. */
export function usePageAnalytics(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    void import("./analytics-beacon").then((beacon) => beacon.pageView());
  }, [pathname]);
}
