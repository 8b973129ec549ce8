import { lazy, Suspense, useState, type ComponentType } from "react";
import { afterRootHydration, isPageHydrated } from "./hydration-signal";

/**
 * A part of a page that needs React (a form) but not before the page responds:
 * its code is in the pre-render at once (app/entry.server.tsx waits for it) and
 * in the browser only once the rest of the page has hydrated. Until then React
 * keeps its pre-rendered HTML as it is, in a Suspense boundary it hydrates when
 * the code arrives. On a move to the page inside the app the code is fetched
 * and rendered as usual, with no boundary: the router's navigation is a
 * transition, so the old page stays until it has arrived.
 */
export function hydratedLater(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Loaded = lazy(() => (import.meta.env.SSR ? Promise.resolve() : afterRootHydration()).then(load));
  function HydratedLater() {
    // Whether this element is being hydrated from the pre-rendered page; decided once, when it mounts.
    const [hydrating] = useState(() => import.meta.env.SSR || !isPageHydrated());
    if (!hydrating) return <Loaded />;
    return (
      <Suspense fallback={null}>
        <Loaded />
      </Suspense>
    );
  }
  return HydratedLater;
}
