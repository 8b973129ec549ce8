// Sends the two forms to POST /api/contactus (contract/lead.ts;
// docs/lead-intake.md). Real multipart/form-data: the browser sets the content type and
// its boundary from the FormData, so we never set it ourselves. No React here: the
// footer's sign-up (a custom element) uses this module alone; the contact form's
// hooks are lead-client.ts.
import { LEAD_REQUEST_TIMEOUT_MS } from "~/data/constants";
import { CHALLENGE_ENDPOINT, CONTACT_ENDPOINT, fields, headers } from "../../contract/fields";
import { trackFormSubmit, visitHeader } from "./analytics-visit";
import { FILL_START_ATTRIBUTE, PRESSED_AT_ATTRIBUTE } from "./early-forms-markup";

/**
 * The contract's validation schema (valibot), as a chunk of its own: fetched when
 * a visitor first focuses a form or submits it, so no page downloads it up front.
 */
export const loadLeadSchema = () => import("../../contract/lead");

/** Where the forms post; empty (the default) means this site's own origin. */
export const API_BASE = (import.meta.env.PUBLIC_API_BASE ?? "").replace(/\/+$/, "");

/** One attempt to send a form: the key the server de-duplicates by, and when the form was shown. */
export interface Submission {
  key: string;
  renderedAt: number;
  /** Its proof of work, once taken: a retry of this submission sends the same one. */
  proof?: string | null;
  /** What it last sent: a retry with other words is a new submission, never a replay of the old one. */
  content?: string;
}

/**
 * A proof is solved once the visitor starts a form; a send waits this long at
 * most for one (a slow phone on a slow network must fetch the challenge and the
 * worker, then solve). Without one the server holds the send as a script's, so
 * waiting is worth more than a second saved.
 */
export const PROOF_WAIT_MAX_MS = 10_000;
/** A proof older than this is not sent: its challenge (30 minutes) may have expired on the way. */
const PROOF_MAX_AGE_MS = 25 * 60 * 1000;

/** The proof being solved for the next submission, if the visitor has started a form. */
let proofJob: { started: number; proof: Promise<string | null> } | null = null;

/**
 * Starts solving a proof of work in the background (the solver's code is
 * fetched now, not with the page). Called on the first focus or input in a
 * form; does nothing while one is under way, or for a foreign API.
 */
export function startProofOfWork(): void {
  if (proofJob || !isOwnApi(API_BASE, window.location.origin)) return;
  proofJob = {
    started: Date.now(),
    proof: import("./proof-of-work").then((solver) => solver.solveProof(`${API_BASE}${CHALLENGE_ENDPOINT}`)).catch(() => null),
  };
}

/**
 * Takes the proof under way, starting one if none is (a form filled before its
 * script arrived), waiting for it at most PROOF_WAIT_MAX_MS; and how
 * long that wait was.
 */
async function takeProof(): Promise<{ proof: string | null; waitedMs: number }> {
  if (proofJob && Date.now() - proofJob.started > PROOF_MAX_AGE_MS) proofJob = null;
  startProofOfWork();
  const job = proofJob;
  proofJob = null;
  if (!job) return { proof: null, waitedMs: 0 };
  const waitStarted = Date.now();
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), PROOF_WAIT_MAX_MS));
  const proof = await Promise.race([job.proof, late]);
  return { proof, waitedMs: Date.now() - waitStarted };
}

/**
 * When the visitor first focused or typed in a field of each form (performance.now()),
 * or null when they had started before the form's script arrived and nobody knows.
 */
const fillStarts = new WeakMap<HTMLFormElement, number | null>();

const isField = (target: EventTarget | null) => target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/**
 * Starts the proof of work on the form's first focus or input (autofill fires
 * input without focus), and notes when that was: a form filled faster than a
 * hand can is a machine's. Returns the function that stops watching.
 */
export function watchFormStart(form: HTMLFormElement): () => void {
  // Started before this code arrived (focused, typed in or autofilled): solve now, as a press may follow at once.
  // The head script noted when, where it ran (app/head/early-forms.ts); else nobody knows.
  const noted = timeNoted(form, FILL_START_ATTRIBUTE);
  const started = noted !== undefined || form.contains(document.activeElement) || Array.from(form.elements).some((field) => field instanceof HTMLInputElement && field.type !== "checkbox" && field.type !== "hidden" && field.value !== "");
  if (started) {
    fillStarts.set(form, noted ?? null);
    startProofOfWork();
  }
  const onStart = (event: Event) => {
    // Focus on the Send button is a press, not the start of filling in.
    if (!isField(event.target)) return;
    if (!fillStarts.has(form)) fillStarts.set(form, performance.now());
    startProofOfWork();
  };
  form.addEventListener("focusin", onStart);
  form.addEventListener("input", onStart);
  return () => {
    form.removeEventListener("focusin", onStart);
    form.removeEventListener("input", onStart);
  };
}

/** A time the head script wrote on the form (performance.now(), whole ms), if it did. */
function timeNoted(form: HTMLFormElement, attribute: string): number | undefined {
  const time = Number(form.getAttribute(attribute) ?? Number.NaN);
  return Number.isFinite(time) ? time : undefined;
}

/** When the head script held the visitor's press for this code (performance.now()), taken once; undefined when it did not. */
function heldPressTime(form: HTMLFormElement | null): number | undefined {
  const held = form ? timeNoted(form, PRESSED_AT_ATTRIBUTE) : undefined;
  form?.removeAttribute(PRESSED_AT_ATTRIBUTE);
  return held;
}

/** Milliseconds from the first focus or input in the form's fields to the press; undefined when unknown. */
export function fillTime(form: HTMLFormElement | null, pressedAt = performance.now()): number | undefined {
  const start = form ? fillStarts.get(form) : undefined;
  return typeof start === "number" ? Math.max(0, Math.round(pressedAt - start)) : undefined;
}

/** crypto.randomUUID exists only in secure contexts; plain-http hosts get the same v4 format from getRandomValues. */
function uuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newSubmission(now = Date.now()): Submission {
  return { key: uuid(), renderedAt: now };
}

/** When the pre-rendered page was first painted (its navigation start where the browser does not say). */
export function firstPaintTime(): number {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return Math.round(performance.timeOrigin + (paint?.startTime ?? 0));
}

/** Anti-abuse headers go only to our own API, never to a foreign CRM host. */
export function isOwnApi(base: string, origin: string): boolean {
  return base === "" || base === origin;
}

export interface PostOptions {
  submission: Submission;
  /** The form sent: its fill time goes with it. */
  form?: HTMLFormElement | null;
  /** The hidden honeypot input's value: sent only when something filled it. */
  honeypot?: string;
  base?: string;
}

/** Posts the fields; resolves to the response JSON, or null on any failure (network, timeout, HTTP error, bad JSON). */
export async function postLead(body: Readonly<Record<string, string>>, { submission, form: sentForm = null, honeypot = "", base = API_BASE }: PostOptions): Promise<unknown> {
  // Timed to the press: one the head script held waited for this code, which is not the visitor's time.
  const heldAt = heldPressTime(sentForm);
  const fillMs = fillTime(sentForm, heldAt);
  const content = JSON.stringify(body);
  if (submission.content !== undefined && submission.content !== content) {
    // The visitor changed their words after a failed send: the server may hold the first words
    // under the old key, so these go as a submission of their own, with a proof of their own.
    submission.key = uuid();
    submission.proof = undefined;
  }
  submission.content = content;
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.append(name, value);
  if (honeypot !== "") form.append(fields.honeypot, honeypot);
  const own = isOwnApi(base, window.location.origin);
  // Analytics stay on our own origin: the beacon posts there, and the visit header goes only to our own API.
  trackFormSubmit(body);
  // Waiting for the proof is not the visitor's time: the form counts as shown that much later.
  const pressedAt = heldAt === undefined ? Date.now() : Math.round(performance.timeOrigin + heldAt);
  const shownMs = Math.max(0, pressedAt - submission.renderedAt);
  let renderedAt = submission.renderedAt;
  if (own && submission.proof === undefined) {
    const taken = await takeProof();
    submission.proof = taken.proof;
    renderedAt += taken.waitedMs;
  }
  const proof: Record<string, string> = own && submission.proof ? { [headers.proofOfWork]: submission.proof } : {};
  // WebDriver's own flag: a browser driven by a script says so (a person's never does).
  if (own && navigator.webdriver) proof[headers.automated] = "1";
  // Durations by the browser's own clock, taken at the press: a clock set wrong does not matter.
  const timing: Record<string, string> = own ? { [headers.shownMs]: String(shownMs), ...(fillMs === undefined ? {} : { [headers.fillMs]: String(fillMs) }) } : {};
  try {
    const response = await fetch(`${base}${CONTACT_ENDPOINT}`, {
      method: "POST",
      body: form,
      headers: own ? { [headers.idempotencyKey]: submission.key, [headers.renderedAt]: String(renderedAt), ...timing, ...proof, ...visitHeader() } : undefined,
      signal: typeof AbortSignal.timeout === "function" ? AbortSignal.timeout(LEAD_REQUEST_TIMEOUT_MS) : undefined,
    });
    if (!response.ok) return null;
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The newsletter reads the top-level `status`. */
export function newsletterAccepted(answer: unknown): boolean {
  return isRecord(answer) && Boolean(answer.status);
}

/** The enquiry reads `data.status`. */
export function enquiryAccepted(answer: unknown): boolean {
  return isRecord(answer) && isRecord(answer.data) && Boolean(answer.data.status);
}

