// The part of the page beacon the forms need when they send: the visit this
// page reports (its own page, another site's origin, its campaign) for the
// lead's header, the events sent by navigator.sendBeacon, and the moment each
// form was sent, which the leave beacon reads. Small, so the forms' code can
// import it; the rest of the beacon (analytics-beacon.ts) is fetched after the
// page is idle. No cookie, no storage, nothing that identifies anyone.
import { EVENT_ENDPOINT, VISIT_HEADER, type AnalyticsEvent, type AnalyticsForm, type BrowserEvent, type Visit } from "../../contract/analytics";

let visit: Visit | undefined;
/** Whether the first view still has to be reported as the start of a visit. */
let entry = false;

/** This page's view of the visit: its own page, referrer and campaign, and whether it continues one. */
export function currentVisit(): Visit {
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

export function send(event: BrowserEvent, form?: AnalyticsForm): void {
  if (typeof navigator.sendBeacon !== "function") return;
  const body: AnalyticsEvent = { e: event, p: location.pathname, v: currentVisit() };
  if (form) body.f = form;
  if (event === "view" && entry) {
    body.x = 1;
    entry = false;
  }
  navigator.sendBeacon(EVENT_ENDPOINT, JSON.stringify(body));
}

/** When each form was first sent on this page view, by the page's clock (performance.now()). */
export const sentAt = new Map<AnalyticsForm, number>();

/** The header a lead carries to our own API: the visit that produced it. */
export const visitHeader = (): Record<string, string> => ({ [VISIT_HEADER]: encodeURIComponent(JSON.stringify(currentVisit())) });

/** A form's data is on its way to the server. */
export function trackFormSubmit(body: Readonly<Record<string, string>>): void {
  const form = "name" in body ? "contact" : "newsletter";
  if (!sentAt.has(form)) sentAt.set(form, performance.now());
  send("form_submit", form);
}
