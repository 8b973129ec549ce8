import { hydratedLater } from "~/lib/hydrated-later";

/**
 * The footer's newsletter form, in every page's pre-rendered HTML, hydrated
 * after the page (hydratedLater), so no page waits for the form's code (and the
 * lead client and honeypot it brings) before it responds. Typing before then
 * is kept (the email field is uncontrolled), and a submission before then is a
 * plain form post to the API, so no sign-up is lost.
 */
export const DeferredNewsletterForm = hydratedLater(() => import("./newsletter-form").then((module) => ({ default: module.NewsletterForm })));
