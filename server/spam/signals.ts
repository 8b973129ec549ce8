import { isbot } from "isbot";
import type { SpamReasonName } from "../../contract/admin";

// The signals that make a submission suspected spam, and their weights. Two
// kinds, and the threshold sits between them:
// - what only a script does weighs the whole threshold: a forged or reused
//   proof of work, the page's own request without its proof, a client that is
//   not a browser, a browser that says it is automated, a form sent at machine
//   speed, a flood of links;
// - what people do too weighs 1: a password manager fills the hidden field,
//   people paste their portfolio, LinkedIn and GitHub, write in their own
//   alphabet, press Send soon after the page appears. Two of these together
//   still reach the inbox: a missed lead costs the owner more than a spam email.
// A browser's own form post (JavaScript off, or pressed before the form's code
// arrived) sends no proof and no timing, and an older one no Fetch Metadata:
// that is exactly what a bot that reads the form's HTML and posts what it finds
// sends too. So it is held as "not confirmed" until the visitor presses Send on
// the page it is answered with (server/spam/send-confirm.ts): one press a
// person makes and such a bot does not. Held for that alone, it is
// `confirmable`; held for more, only the owner releases it.
// The weights were chosen on the spam drill's figures (bench/spam.ts).

export const SPAM_THRESHOLD = 3;
/** The weight of a signal no person produces: it holds the submission by itself. */
const DECISIVE = SPAM_THRESHOLD;

/**
 * A form filled faster than this, from the first focus or input in it to the
 * press, was filled by a machine: a person choosing an autofill suggestion and
 * then pressing Send needs well over this.
 */
export const MACHINE_FILL_MS = 250;
/** Links from which a message is link spam whoever sent it, and from which it weighs 2. */
export const LINK_FLOOD = 8;
const MANY_LINKS = 5;

/** What the proof-of-work check found (server/spam/proof-of-work.ts). */
export type ProofState = "valid" | "missing" | "invalid" | "replayed";

/** Who the request says sent it (requestOrigin in server/api/contactus.ts). */
export type Sender =
  /** The page's own script: Fetch Metadata says cors or same-origin, or it carries headers only the script sends. */
  | "page-script"
  /** The browser's own form post (JavaScript off, or pressed before the script arrived). */
  | "form-post"
  /** Neither: an HTTP library, a crawler, a client that names no browser. */
  | "other";

export interface SignalInput {
  sender: Sender;
  /** The honeypot field's value, when the body had one. */
  honeypot: unknown;
  /** Milliseconds from the form being shown to this request (X-Form-Rendered-At), when the client said. */
  ageMs: number | undefined;
  /** Milliseconds from the first focus or input in the form to the press (X-Form-Fill-Ms), when the page measured it. */
  fillMs: number | undefined;
  /** MIN_SUBMIT_MS: a person needs at least this long. */
  minSubmitMs: number;
  proof: ProofState;
  /** The browser said it is driven by automation (navigator.webdriver): a person's never does. */
  automated: boolean;
  /** The visitor's own words (the message and name); empty for a sign-up. */
  text: string;
}

export interface SpamVerdict {
  reasons: SpamReasonName[];
  score: number;
  spam: boolean;
  /** Held only as "not confirmed": the visitor's own press on the confirmation page sends it. */
  confirmable: boolean;
}

/**
 * Top-level domains seen in links written without a scheme ("cheap-pills.shop"):
 * the common ones and those spam favours. A closed list, so "Node.js" and
 * "e.g." are not links.
 */
const BARE_DOMAIN_TLDS =
  "com|net|org|info|biz|io|co|uk|us|eu|de|fr|nl|ru|cn|in|ae|me|tv|cc|xyz|top|site|online|shop|store|app|dev|club|vip|live|link|click|win|bid|loan|pw|tk|ml|ga|cf|gq|buzz|icu|fun|space|website|pro|ly|to|ws|su|kz|ua|br|au|ca|ch|es|it|pl|se";
const LINK = new RegExp(
  String.raw`\b(?:https?:\/\/|www\.)\S+|\[url[=\]]|(?<![@\w.-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:${BARE_DOMAIN_TLDS})\b(?![@.-]?\w)(?:\/\S*)?`,
  "giu",
);
/** Letters of any script. */
const LETTER = /\p{L}/gu;
/** Letters of the Latin script: English and the other languages the site's UK audience writes. */
const LATIN = /\p{Script=Latin}/gu;
/** Fewer letters than this are too few to judge a script by. */
const SCRIPT_MIN_LETTERS = 12;

/** How many links a text holds, with or without a scheme. */
export const linkCount = (text: string) => text.match(LINK)?.length ?? 0;

/** True when most of a text's letters are of a script other than Latin. */
export function mostlyForeignScript(text: string): boolean {
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters < SCRIPT_MIN_LETTERS) return false;
  const latin = text.match(LATIN)?.length ?? 0;
  return latin / letters < 0.5;
}

/** Every browser's User-Agent starts "Mozilla/5.0"; HTTP libraries and crawlers name themselves. */
export const isBrowserUserAgent = (userAgent: string | undefined) => userAgent !== undefined && /^Mozilla\/5\.0 \(/.test(userAgent) && !isbot(userAgent);

function linkWeight(links: number): number {
  if (links >= LINK_FLOOD) return DECISIVE;
  if (links >= MANY_LINKS) return 2;
  return links >= 2 ? 1 : 0;
}

function speedWeight({ ageMs, fillMs, minSubmitMs }: SignalInput): number {
  // Under a quarter of the minimum after the form appeared, or filled in a blink: nobody has read it.
  if ((ageMs !== undefined && ageMs < minSubmitMs / 4) || (fillMs !== undefined && fillMs < MACHINE_FILL_MS)) return DECISIVE;
  return ageMs !== undefined && ageMs < minSubmitMs ? 1 : 0;
}

/** The signals a submission shows, their summed weight, and whether that makes it suspected spam. */
export function spamSignals(input: SignalInput): SpamVerdict {
  const weights = new Map<SpamReasonName, number>();
  const add = (reason: SpamReasonName, weight: number) => weight > 0 && weights.set(reason, weight);
  if (typeof input.honeypot === "string" && input.honeypot.trim() !== "") add("honeypot", 1);
  add("too-fast", speedWeight(input));
  // Only the page's script can send a proof: its request without one is a script posing as the page.
  if (input.proof === "missing" && input.sender === "page-script") add("pow-missing", DECISIVE);
  if (input.proof === "invalid") add("pow-invalid", DECISIVE);
  if (input.proof === "replayed") add("pow-replayed", DECISIVE);
  if (input.automated) add("automated", DECISIVE);
  if (input.sender === "other") add("no-browser", DECISIVE);
  // The browser's own post: a person without the page's script, or a bot posting the form's HTML.
  if (input.sender === "form-post") add("not-confirmed", DECISIVE);
  add("links", linkWeight(linkCount(input.text)));
  // Judged on the words alone: a link's letters are Latin whatever language the visitor writes.
  if (mostlyForeignScript(input.text.replace(LINK, " "))) add("foreign-script", 1);
  const score = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  const confirmable = weights.has("not-confirmed") && score - DECISIVE < SPAM_THRESHOLD;
  return { reasons: [...weights.keys()], score, spam: score >= SPAM_THRESHOLD, confirmable };
}
