// The page beacon: one small POST to our own /api/event per page view and per
// form step, sent with navigator.sendBeacon once the page has loaded and the
// browser is idle. It sets no cookie and touches no storage, and its memory
// lasts one page (every page is a document load): a page reached from another
// page of this site sends its own context marked as continued (`n: 1`), and the
// server credits the landing page, referrer and campaign it remembers for the
// visit (server/analytics/landing-visits.ts). Nothing here identifies anyone.
import { EVENT_ENDPOINT, VISIT_HEADER, type AnalyticsEvent, type AnalyticsForm, type BrowserEvent, type Visit } from "../../contract/analytics";

let visit: Visit | undefined;
/** Whether the first view still has to be reported as the start of a visit. */
let entry = false;
/** Form steps already reported on the current page view (one each). */
let reported = new Set<string>();
let observer: IntersectionObserver | undefined;

/** This page's view of the visit: its own page, referrer and campaign, and whether it continues one. */
function currentVisit(): Visit {
  if (visit) return visit;
  const query = new URLSearchParams(location.search);
  let referrer = "";
  let continued = false;
  try {
    const from = new URL(document.referrer);
    // Only another site's origin: never its path, never our own pages (a reload or a form's redirect is not a new visit).
    if (from.origin !== location.origin) referrer = from.origin;
    else continued = true;
  } catch {
    // No referrer.
  }
  entry = document.referrer === "" || referrer !== "";
  visit = { l: location.pathname };
  if (referrer) visit.r = referrer;
  // Reached from one of our pages: the visit began on an earlier page, which the server remembers.
  if (continued) visit.n = 1;
  for (const [key, name] of [["s", "utm_source"], ["m", "utm_medium"], ["c", "utm_campaign"]] as const) {
    const value = query.get(name);
    if (value) visit[key] = value.slice(0, 200);
  }
  return visit;
}

function send(event: BrowserEvent, form?: AnalyticsForm): void {
  if (typeof navigator.sendBeacon !== "function") return;
  const body: AnalyticsEvent = { e: event, p: location.pathname, v: currentVisit() };
  if (form) body.f = form;
  if (event === "view" && entry) {
    body.x = 1;
    entry = false;
  }
  navigator.sendBeacon(EVENT_ENDPOINT, JSON.stringify(body));
}

/** Which of the two forms this is: the enquiry form is the one with a name field. */
const formOf = (form: HTMLFormElement): AnalyticsForm => (form.elements.namedItem("name") ? "contact" : "newsletter");
const leadForms = () => document.querySelectorAll<HTMLFormElement>("form[action$='/api/contactus']");

function once(step: BrowserEvent, form: AnalyticsForm): void {
  if (reported.has(step + form)) return;
  reported.add(step + form);
  send(step, form);
}

/** The header a lead carries to our own API: the visit that produced it. */
export const visitHeader = (): Record<string, string> => ({ [VISIT_HEADER]: encodeURIComponent(JSON.stringify(currentVisit())) });

/** A form's data is on its way to the server. */
export const trackFormSubmit = (body: Readonly<Record<string, string>>) => send("form_submit", "name" in body ? "contact" : "newsletter");

const whenIdle = (run: () => void) => (typeof requestIdleCallback === "function" ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 1));

let listening = false;

/**
 * A page view, once the browser is idle; from then on a form counts as
 * "viewed" when it scrolls into view and "started" at its first input.
 * Called once per page, by the page's script.
 */
export function pageView(): void {
  if (!listening) {
    listening = true;
    document.addEventListener(
      "input",
      (event) => {
        const form = (event.target as HTMLInputElement | null)?.form;
        if (form?.matches("form[action$='/api/contactus']")) once("form_start", formOf(form));
      },
      true,
    );
  }
  whenIdle(() => {
    reported = new Set();
    send("view");
    observer?.disconnect();
    observer = new IntersectionObserver((entries) => {
      for (const seen of entries) {
        if (!seen.isIntersecting) continue;
        observer?.unobserve(seen.target);
        once("form_view", formOf(seen.target as HTMLFormElement));
      }
    });
    leadForms().forEach((form) => observer?.observe(form));
  });
}
