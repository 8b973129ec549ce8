// The page beacon: one small POST to our own /api/event per page view and per
// form step, sent with navigator.sendBeacon once the page has loaded and the
// browser is idle. It sets no cookie and touches no storage, and its memory
// lasts one page (every page is a document load): a page reached from another
// page of this site sends its own context marked as continued (`n: 1`), and the
// server credits the landing page, referrer and campaign it remembers for the
// visit (server/analytics/landing-visits.ts). Nothing here identifies anyone.
// When the page is first hidden (left, closed, another tab) one more beacon carries each lead
// form's field trail (the fields' wire names, the message keys met, times) and
// the page's web vitals: never a value, never the text of a message.
import type { Metric } from "web-vitals";
import {
  CLS_SCALE,
  EVENT_ENDPOINT,
  FIELD_MESSAGES_PER_VIEW_MAX,
  FORM_TIME_MAX_MS,
  VISIT_HEADER,
  type AnalyticsEvent,
  type AnalyticsForm,
  type BrowserEvent,
  type FieldMessageKey,
  type FormTrail,
  type LeaveEvent,
  type Visit,
} from "../../contract/analytics";

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

const LEAD_FORM = "form[action$='/api/contactus']";
const kinds = new WeakMap<HTMLFormElement, AnalyticsForm>();
/** Which of the two forms this is: the enquiry form is the one with a name field. */
function formOf(form: HTMLFormElement): AnalyticsForm {
  let kind = kinds.get(form);
  if (!kind) kinds.set(form, (kind = form.elements.namedItem("name") ? "contact" : "newsletter"));
  return kind;
}
const leadForms = () => document.querySelectorAll<HTMLFormElement>(LEAD_FORM);

/** One form's trail on this page view: times by the page's own clock (performance.now()). */
interface Trail {
  reached: string[];
  last?: string;
  firstInput?: number;
  sent?: number;
  /** "wire key" → times met. */
  met: Map<string, number>;
  firstError: Map<string, number>;
  typed: Map<string, number>;
}
const trails = new Map<AnalyticsForm, Trail>();
const vitals: NonNullable<LeaveEvent["w"]> = {};
let slowTarget: string | undefined;
let left = false;

/** A control a person reaches in a lead form (named, in the tab order: never the hidden honeypot): its form's trail and its wire name. */
function fieldOf(target: EventTarget | null): [AnalyticsForm, Trail, string] | undefined {
  const control = target as HTMLInputElement | null;
  const form = control?.form;
  if (!form?.matches(LEAD_FORM) || !control?.name || control.tabIndex < 0) return undefined;
  const kind = formOf(form);
  let trail = trails.get(kind);
  if (!trail) trails.set(kind, (trail = { reached: [], met: new Map(), firstError: new Map(), typed: new Map() }));
  return [kind, trail, control.name];
}

function touch(trail: Trail, name: string): void {
  trail.last = name;
  if (!trail.reached.includes(name)) trail.reached.push(name);
}

/** The key of the message a control shows: the one its markup names (data-error-*), or its browser check's. */
function messageOf(control: HTMLInputElement): FieldMessageKey | undefined {
  const shown = document.getElementById(control.getAttribute("aria-describedby") ?? "")?.textContent;
  if (shown && shown === control.dataset.errorMissing) return "missing";
  if (shown && shown === control.dataset.errorFormat) return "format";
  const { validity } = control;
  if (!validity) return undefined;
  return validity.valueMissing ? "missing" : validity.typeMismatch || validity.patternMismatch ? "format" : validity.tooLong ? "tooLong" : undefined;
}

/** Controls newly marked invalid: each message met. Runs after the form's own update, never in its handlers. */
function metErrors(records: MutationRecord[]): void {
  for (const { target, oldValue } of records) {
    const control = target as HTMLInputElement;
    if (control.getAttribute("aria-invalid") !== "true" || oldValue === "true") continue;
    const field = fieldOf(control);
    const message = field && messageOf(control);
    if (!field || !message) continue;
    const [, trail, name] = field;
    const id = `${name} ${message}`;
    trail.met.set(id, Math.min(FIELD_MESSAGES_PER_VIEW_MAX, (trail.met.get(id) ?? 0) + 1));
    if (!trail.firstError.has(name)) trail.firstError.set(name, performance.now());
  }
}

/** tag, tag#id or tag[data-name] of the element pressed: nothing of its text or value. */
function selectorOf(node: EventTarget | null | undefined): string | undefined {
  if (!(node instanceof Element) || !/^[a-z][a-z0-9-]{0,20}$/.test(node.localName)) return undefined;
  if (/^[\w-]{1,36}$/.test(node.id)) return `${node.localName}#${node.id}`;
  const data = [...node.attributes].find((attribute) => /^data-[a-z0-9-]{1,30}$/.test(attribute.name));
  return data ? `${node.localName}[${data.name}]` : node.localName;
}

function keep(metric: Metric): void {
  vitals[metric.name] = Math.round(metric.name === "CLS" ? metric.value * CLS_SCALE : metric.value);
  if (metric.name === "INP") slowTarget = selectorOf((metric.entries[0] as PerformanceEventTiming | undefined)?.target);
}

/** The page is hidden (left, closed, or another tab shown): one beacon with each form's trail and the vitals measured, once per page load. */
function leave(): void {
  if (left || typeof navigator.sendBeacon !== "function") return;
  left = true;
  const forms: FormTrail[] = [];
  for (const [f, trail] of trails) {
    const out: FormTrail = { f, r: trail.reached };
    // Started and not sent: this is where the visitor left it.
    if (trail.firstInput !== undefined && trail.sent === undefined && trail.last) out.l = trail.last;
    if (trail.met.size) out.m = [...trail.met].map(([id, times]) => [...(id.split(" ") as [string, FieldMessageKey]), times]);
    const corrected = [...trail.firstError].filter(([name, at]) => (trail.typed.get(name) ?? -1) > at).map(([name]) => name);
    if (corrected.length) out.c = corrected;
    if (trail.sent !== undefined && trail.firstInput !== undefined) out.t = Math.min(FORM_TIME_MAX_MS, Math.round(trail.sent - trail.firstInput));
    forms.push(out);
  }
  const body: LeaveEvent = { e: "leave", p: location.pathname };
  if (forms.length) body.t = forms;
  if (Object.keys(vitals).length) body.w = vitals;
  if (slowTarget) body.s = slowTarget;
  if (body.t || body.w) navigator.sendBeacon(EVENT_ENDPOINT, JSON.stringify(body));
}

function once(step: BrowserEvent, form: AnalyticsForm): void {
  if (reported.has(step + form)) return;
  reported.add(step + form);
  send(step, form);
}

/** The header a lead carries to our own API: the visit that produced it. */
export const visitHeader = (): Record<string, string> => ({ [VISIT_HEADER]: encodeURIComponent(JSON.stringify(currentVisit())) });

/** A form's data is on its way to the server. */
export function trackFormSubmit(body: Readonly<Record<string, string>>): void {
  const form = "name" in body ? "contact" : "newsletter";
  const trail = trails.get(form);
  if (trail) trail.sent ??= performance.now();
  send("form_submit", form);
}

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
    // A field name and a time, nothing more, in the visitor's input and focus.
    document.addEventListener(
      "input",
      (event) => {
        const field = fieldOf(event.target);
        if (!field) return;
        const [form, trail, name] = field;
        const now = performance.now();
        trail.firstInput ??= now;
        trail.typed.set(name, now);
        touch(trail, name);
        once("form_start", form);
      },
      true,
    );
    document.addEventListener("focusin", (event) => {
      const field = fieldOf(event.target);
      if (field) touch(field[1], field[2]);
    });
    const errors = new MutationObserver(metErrors);
    leadForms().forEach((form) => errors.observe(form, { subtree: true, attributeFilter: ["aria-invalid"], attributeOldValue: true }));
    // After web-vitals' own listeners (capture, on window), which report the last INP and CLS on hiding. Not
    // pagehide: a page being unloaded fires it before visibilitychange, so those values would not be in yet.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") leave();
    });
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
    // The speed measures, loaded after the page is idle (they read the browser's buffered entries).
    void import("web-vitals").then(
      ({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(keep);
      },
      () => undefined,
    );
  });
}
