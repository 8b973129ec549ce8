import type { SpamReasonName } from "../../contract/admin";

// The signals that make a submission suspected spam, and their weights. No
// signal is a verdict on its own unless it cannot come from a person (a forged
// or replayed proof of work, a message full of links): a password manager fills
// honeypots, autofill sends a form in a blink, a browser without JavaScript
// sends no proof. A submission whose weights reach SPAM_THRESHOLD is held in
// the inbox's Spam view; below it, it is an accepted lead like any other.
// The weights were chosen on the spam drill's figures (bench/spam.ts).

export const SPAM_THRESHOLD = 2;

/** What the proof-of-work check found (server/spam/proof-of-work.ts). */
export type ProofState = "valid" | "missing" | "invalid" | "replayed";

export interface SignalInput {
  /** The honeypot field's value, when the body had one. */
  honeypot: unknown;
  /** Milliseconds from the form being shown to this request (X-Form-Rendered-At), when the client said. */
  ageMs: number | undefined;
  /** MIN_SUBMIT_MS: a person needs at least this long. */
  minSubmitMs: number;
  proof: ProofState;
  /**
   * Whether the request carried the Fetch Metadata headers every browser of the
   * last years sends on every request (Sec-Fetch-Site, -Mode and -Dest); HTTP
   * libraries send none, or (Node's fetch) only Sec-Fetch-Mode.
   */
  fromBrowser: boolean;
  /** The browser said it is driven by automation (navigator.webdriver): a person's never does. */
  automated: boolean;
  /** The visitor's own words (the message and name); empty for a sign-up. */
  text: string;
}

export interface SpamVerdict {
  reasons: SpamReasonName[];
  score: number;
  spam: boolean;
}

const LINK = /\b(?:https?:\/\/|www\.)\S+|\[url[=\]]/gi;
/** Letters of any script. */
const LETTER = /\p{L}/gu;
/** Letters of the Latin script: English and the other languages the site's UK audience writes. */
const LATIN = /\p{Script=Latin}/gu;
/** Fewer letters than this are too few to judge a script by. */
const SCRIPT_MIN_LETTERS = 12;

/** How many links a text holds. */
export const linkCount = (text: string) => text.match(LINK)?.length ?? 0;

/** True when most of a text's letters are of a script other than Latin. */
export function mostlyForeignScript(text: string): boolean {
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters < SCRIPT_MIN_LETTERS) return false;
  const latin = text.match(LATIN)?.length ?? 0;
  return latin / letters < 0.5;
}

/** The signals a submission shows, their summed weight, and whether that makes it suspected spam. */
export function spamSignals(input: SignalInput): SpamVerdict {
  const weights = new Map<SpamReasonName, number>();
  if (typeof input.honeypot === "string" && input.honeypot.trim() !== "") weights.set("honeypot", 1);
  if (input.ageMs !== undefined && input.ageMs >= 0 && input.ageMs < input.minSubmitMs) {
    // Under a quarter of the minimum no person has read the form, let alone filled it (autofill included).
    weights.set("too-fast", input.ageMs < input.minSubmitMs / 4 ? 2 : 1);
  }
  if (input.proof === "missing") weights.set("pow-missing", 1);
  if (input.proof === "invalid") weights.set("pow-invalid", 2);
  if (input.proof === "replayed") weights.set("pow-replayed", 2);
  if (input.automated) weights.set("automated", 2);
  if (!input.fromBrowser) weights.set("no-browser", 1);
  const links = linkCount(input.text);
  if (links >= 2) weights.set("links", links >= 3 ? 2 : 1);
  if (mostlyForeignScript(input.text)) weights.set("foreign-script", 1);
  const score = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  return { reasons: [...weights.keys()], score, spam: score >= SPAM_THRESHOLD };
}
