import { createContext, lazy, Suspense, useContext, useState, type ComponentType } from "react";
import { afterRootHydration, isPageHydrated } from "./hydration-signal";

const FromFirstPaint = createContext(false);

/**
 * Whether this part was on screen from the page's first paint (hydrated from the
 * pre-rendered HTML) rather than rendered by a move inside the app: a form's
 * "shown at" is then the first paint, not the later moment its code arrived.
 */
export const useShownFromFirstPaint = () => useContext(FromFirstPaint);

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
      <FromFirstPaint value={true}>
        <Suspense fallback={null}>
          <Loaded />
        </Suspense>
      </FromFirstPaint>
    );
  }
  return HydratedLater;
}
