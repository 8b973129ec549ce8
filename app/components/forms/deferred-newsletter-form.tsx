import { lazy, Suspense } from "react";
import { afterRootHydration } from "~/lib/hydration-signal";

/**
 * The form's code: at once for the pre-render (app/entry.server.tsx waits for
 * it), and in the browser only once the rest of the page has hydrated.
 */
const LazyNewsletterForm = lazy(() =>
  (typeof window === "undefined" ? Promise.resolve() : afterRootHydration())
    .then(() => import("./newsletter-form"))
    .then((module) => ({ default: module.NewsletterForm })),
);

/**
 * The footer's newsletter form, in every page's pre-rendered HTML, hydrated
 * after the page: React keeps the pre-rendered form as it is until its chunk
 * arrives, so no page waits for the form's code (and the lead client and
 * honeypot it brings) before it responds. Typing before then is kept (the
 * email field is uncontrolled), and a submission before then is a plain form
 * post to the API, so no sign-up is lost.
 */
export function DeferredNewsletterForm() {
  return (
    <Suspense fallback={null}>
      <LazyNewsletterForm />
    </Suspense>
  );
}
