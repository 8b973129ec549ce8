// The page beacon: one small POST to our own /api/event per page view and per
// form step, sent with navigator.sendBeacon once the page has loaded and the
// browser is idle. It sets no cookie and touches no storage, and its memory
// lasts one page (every page is a document load): a page reached from another
// page of this site sends its own context marked as continued (`n: 1`), and the
// server credits the landing page, referrer and campaign it remembers for the
// visit (server/analytics/landing-visits.ts). Nothing here identifies anyone.
// The visit, the events and the sends are analytics-visit.ts, which the forms
// import; this module is fetched by the page's script once the browser is idle.
// When the page is hidden (left, closed, another tab) one more beacon carries each lead
// form's field trail (the fields' wire names, the message keys met, times) and
// the page's web vitals: never a value, never the text of a message. A page shown
// again and hidden later sends only what changed since, at most
// LEAVE_BEACONS_PER_VIEW_MAX times: a visitor who came back and sent is then no
// longer counted as having left (`u`), and a vital that grew replaces its sample (`o`).
import {
  EVENT_ENDPOINT,
  FIELD_MESSAGES_PER_VIEW_MAX,
  FORM_TIME_MAX_MS,
  LEAVE_BEACONS_PER_VIEW_MAX,
  vitalGood,
  type AnalyticsForm,
  type BrowserEvent,
  type FieldMessageKey,
  type FormTrail,
  type LeaveEvent,
  type VitalName,
} from "../../contract/analytics";
import { currentVisit, send, sentAt } from "./analytics-visit";
import { observeVitals, type PageVitals } from "./page-vitals";

/** Form steps already reported on the current page view (one each). */
let reported = new Set<string>();
let observer: IntersectionObserver | undefined;

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
  /** "wire key" → times met. */
  met: Map<string, number>;
  firstError: Map<string, number>;
  typed: Map<string, number>;
  /** What the leave beacons of this page view have reported already. */
  told: { reached: Set<string>; left?: string; met: Map<string, number>; corrected: Set<string>; timed: boolean };
}
const trails = new Map<AnalyticsForm, Trail>();
let vitals: PageVitals | undefined;
let toldVitals: Partial<Record<VitalName, number>> = {};
let toldSlow = false;
let beacons = 0;

/** A control a person reaches in a lead form (named, in the tab order: never the hidden honeypot): its form's trail and its wire name. */
function fieldOf(target: EventTarget | null): [AnalyticsForm, Trail, string] | undefined {
  const control = target as HTMLInputElement | null;
  const form = control?.form;
  if (!form?.matches(LEAD_FORM) || !control?.name || control.tabIndex < 0) return undefined;
  const kind = formOf(form);
  let trail = trails.get(kind);
  if (!trail) trails.set(kind, (trail = { reached: [], met: new Map(), firstError: new Map(), typed: new Map(), told: { reached: new Set(), met: new Map(), corrected: new Set(), timed: false } }));
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

/** One form's trail since the last leave beacon, and how to mark it told once sent; undefined when nothing changed. */
function trailNews(form: AnalyticsForm, trail: Trail): [FormTrail, () => void] | undefined {
  const { told } = trail;
  const sent = sentAt.get(form);
  const out: FormTrail = { f: form, r: trail.reached.filter((name) => !told.reached.has(name)) };
  // Started and not sent: this is where the visitor left it. Reported before and now elsewhere, or sent: withdrawn.
  const left = trail.firstInput !== undefined && sent === undefined ? trail.last : undefined;
  if (left !== told.left) {
    if (left) out.l = left;
    if (told.left) out.u = told.left;
  }
  const met = [...trail.met].flatMap(([id, times]): [string, FieldMessageKey, number][] => {
    const more = times - (told.met.get(id) ?? 0);
    return more > 0 ? [[...(id.split(" ") as [string, FieldMessageKey]), more]] : [];
  });
  if (met.length) out.m = met;
  const corrected = [...trail.firstError].filter(([name, at]) => (trail.typed.get(name) ?? -1) > at && !told.corrected.has(name)).map(([name]) => name);
  if (corrected.length) out.c = corrected;
  if (sent !== undefined && trail.firstInput !== undefined && !told.timed) out.t = Math.min(FORM_TIME_MAX_MS, Math.max(0, Math.round(sent - trail.firstInput)));
  if (!out.r.length && !out.l && !out.u && !out.m && !out.c && out.t === undefined) return undefined;
  return [
    out,
    () => {
      out.r.forEach((name) => told.reached.add(name));
      told.left = left;
      for (const [id, times] of trail.met) told.met.set(id, times);
      corrected.forEach((name) => told.corrected.add(name));
      told.timed ||= out.t !== undefined;
    },
  ];
}

/**
 * The page is hidden (left, closed, or another tab shown): a beacon with what each form's trail and the vitals
 * add to what this page view reported before, if anything; a few per page view at most.
 */
function leave(): void {
  if (beacons >= LEAVE_BEACONS_PER_VIEW_MAX || typeof navigator.sendBeacon !== "function") return;
  const news = [...trails].flatMap(([form, trail]) => {
    const changed = trailNews(form, trail);
    return changed ? [changed] : [];
  });
  const body: LeaveEvent = { e: "leave", p: location.pathname, v: currentVisit() };
  if (news.length) body.t = news.map(([trail]) => trail);
  const measured = vitals?.read();
  const w: NonNullable<LeaveEvent["w"]> = {};
  const o: NonNullable<LeaveEvent["o"]> = {};
  for (const [name, value] of Object.entries(measured?.values ?? {}) as [VitalName, number][]) {
    if (value === toldVitals[name]) continue;
    w[name] = value;
    const before = toldVitals[name];
    if (before !== undefined) o[name] = before;
  }
  if (Object.keys(w).length) body.w = w;
  if (Object.keys(o).length) body.o = o;
  // The slow press is counted once per page view.
  const slow = !toldSlow && w.INP !== undefined && w.INP > vitalGood.INP ? selectorOf(measured?.target) : undefined;
  if (slow) body.s = slow;
  if (!body.t && !body.w) return;
  if (!navigator.sendBeacon(EVENT_ENDPOINT, JSON.stringify(body))) return;
  beacons += 1;
  news.forEach(([, told]) => told());
  toldVitals = { ...toldVitals, ...w };
  toldSlow ||= slow !== undefined;
}

function once(step: BrowserEvent, form: AnalyticsForm): void {
  if (reported.has(step + form)) return;
  reported.add(step + form);
  send(step, form);
}

export { trackFormSubmit, visitHeader } from "./analytics-visit";

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
    // Not pagehide: phones often hide a page and discard it without one. The vitals read their pending entries here.
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
    // The speed measures, started once the page is idle: their observers read the browser's buffered entries.
    vitals ??= observeVitals();
  });
}
