// Part "spam": the spam drill. Against the real server (SPAM_FILTER on, the
// defaults otherwise), people and bots send both forms (the enquiry and the
// footer's newsletter sign-up), then each submission is looked up in the store:
// in the inbox (an enquiry or subscriber), held in Spam, refused (4xx), or lost.
// People use a Chromium without the automation flag (anyone's own browser), and
// press where a person presses: a click on visible words, typing with delays,
// a tap on a phone. Their kinds: typing on a desktop, typing on a phone, 2–3
// links, Arabic, Chinese and Polish, a slow phone pressing 1.4 s after the
// first paint (before the script has hydrated), autofill, a password manager
// filling the honeypot, JavaScript off (native posts; its honeypot and an older
// browser without Fetch Metadata at the HTTP level), and pairs of weak signals.
// A form the browser posts itself is answered with the "one more step" page:
// people without JavaScript (and anyone who pressed before the form's code
// arrived) read what they sent and press its Send, again if the page asks them
// to wait. Bots that must be held: HTTP clients (python-requests, Node's own
// HTTP client, curl, honeypot filled; none sends Fetch Metadata), the classic
// form bot that reads the form's HTML and posts what it finds (every field, the
// hidden one too, with no Fetch Metadata; a navigation's Fetch Metadata forged
// and hidden fields skipped; footer sign-ups with other people's addresses),
// a real submission copied with its proof and replayed with new addresses, the
// copy without its proof, a bot solving each proof itself with link spam,
// headless Chromium at machine speed with and without the automation flag. Reported apart, as nothing on the server can tell them from
// people (the per-address rate limit bounds them): a headless browser with the
// flag hidden at a person's pace, and its link spam. Sequential, one browser
// context per kind, so it runs on a 2-core machine.
//   node --import tsx bench/spam.ts [--quick]
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, devices, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { contactFormCopy, contactFormLabels } from "../app/data/contact";
import { newsletterFormCopy } from "../app/data/newsletter";
import { CHALLENGE_ENDPOINT, CONFIRM_ENDPOINT, CONTACT_ENDPOINT, headers as formHeaders } from "../contract/lead";
import { CONFIRM_TOKEN_FIELD } from "../contract/send-confirm";
import { chromiumArgs, chromiumPath } from "../scripts/chromium";
import { CHROME_UA, solvedProof, type Challenge } from "../server/spam/browser-post.test-support";
import { flag, isMain, report, sleep, startSiteServer, type Row } from "./lib";
import { readEntry } from "../scripts/build/content-files";

const newsletterCopy = newsletterFormCopy(readEntry("forms/newsletter.yaml"));
const contactForm = { ...contactFormCopy(readEntry("forms/enquiry.yaml"), readEntry("site/brand.yaml")), labels: contactFormLabels };
const sendConfirmPage = readEntry("pages/send-confirm.yaml");

/** people: ≥ 99% in the inbox, none lost; bot: must be held; indistinguishable: reported only. */
type Group = "person" | "bot" | "indistinguishable";
/** Which bot target a kind counts towards: copied, replayed or proofless posts (all held), machine-speed browsers (≥ 95%). */
type Target = "all" | "machine" | "classic";
interface Kind {
  id: string;
  name: string;
  group: Group;
  target?: Target;
}
interface Outcome {
  kind: Kind;
  email: string;
  /** The HTTP status of the answer; 0 when none came. */
  status: number;
  /** The request's headers as sent (lower-case names), for what the server saw. */
  headers: Record<string, string>;
  honeypot: boolean;
  /** A press timed from the first paint (the slow phone, the quick press). */
  pressMs?: number;
  /** Presses of the "one more step" page's Send (0 when the post got no such page). */
  presses?: number;
  /** The answer to the last of those presses. */
  confirmStatus?: number;
}

const quick = flag("quick");
const n = (full: number, small: number) => (quick ? small : full);
/** How many of each kind: 90 people, 216 scripted bots and 30 bot browsers in full. */
const plan = {
  desktop: n(12, 3),
  phone: n(8, 2),
  links: n(8, 2),
  /** Per language. */
  script: n(3, 1),
  slowPhone: n(8, 2),
  autofill: n(8, 2),
  passwordManager: n(6, 2),
  noJs: n(8, 2),
  noJsHoneypot: n(4, 2),
  oldBrowser: n(6, 2),
  linksQuick: n(5, 2),
  scriptLinks: n(4, 2),
  noJsLinks: n(4, 2),
  /** Per HTTP client kind (a). */
  httpClient: n(24, 6),
  copied: n(50, 10),
  copiedNoProof: n(50, 10),
  ownProof: n(20, 6),
  /** The classic form bot (h): every field, no Fetch Metadata; forged navigation, hidden fields skipped; footer sign-ups. */
  classicEvery: n(60, 10),
  classicForged: n(60, 10),
  classicSignUp: n(30, 6),
  /** Per flag setting (e). */
  machineSpeed: n(15, 4),
  personPaced: n(8, 2),
  personPacedLinks: n(6, 2),
} as const;

const kinds = {
  desktop: { id: "1", name: "desktop, typing (enquiries, sign-ups)", group: "person" },
  phone: { id: "2", name: "phone (Pixel 7), tapping and typing", group: "person" },
  links: { id: "3", name: "2–3 links (https:// and bare)", group: "person" },
  arabic: { id: "4", name: "Arabic", group: "person" },
  chinese: { id: "4", name: "Chinese", group: "person" },
  polish: { id: "4", name: "Polish", group: "person" },
  slowPhone: { id: "5", name: "slow phone, press 1.4 s after first paint", group: "person" },
  autofill: { id: "6", name: "autofill, press 0.4–1.2 s after focus", group: "person" },
  passwordManager: { id: "6/8", name: "autofill + password manager's honeypot", group: "person" },
  noJs: { id: "7", name: "JavaScript off, native posts", group: "person" },
  noJsHoneypot: { id: "7/8", name: "JavaScript off + honeypot (HTTP)", group: "person" },
  oldBrowser: { id: "7", name: "older browser, no Fetch Metadata (HTTP)", group: "person" },
  linksQuick: { id: "8", name: "links + quick press", group: "person" },
  scriptLinks: { id: "8", name: "foreign script + links", group: "person" },
  noJsLinks: { id: "8", name: "JavaScript off + links", group: "person" },
  python: { id: "a", name: "python-requests (form, JSON)", group: "bot", target: "all" },
  nodeClient: { id: "a", name: "Node's HTTP client (no Fetch Metadata)", group: "bot", target: "all" },
  curl: { id: "a", name: "curl", group: "bot", target: "all" },
  httpHoneypot: { id: "a", name: "HTTP clients, honeypot filled", group: "bot", target: "all" },
  copied: { id: "b", name: "browser request copied, replayed", group: "bot", target: "all" },
  copiedNoProof: { id: "c", name: "copied, X-Altcha removed", group: "bot", target: "all" },
  ownProof: { id: "d", name: "own proof each time, 5–10 links", group: "bot" },
  classicEvery: { id: "h", name: "classic: the form's HTML, every field filled, no Fetch Metadata", group: "bot", target: "classic" },
  classicForged: { id: "h", name: "classic: navigation Fetch Metadata forged, hidden fields skipped", group: "bot", target: "classic" },
  classicSignUp: { id: "h", name: "classic: footer sign-ups with other people's addresses", group: "bot", target: "classic" },
  machineFlag: { id: "e", name: "headless, machine speed, automation flag", group: "bot", target: "machine" },
  machineHidden: { id: "e", name: "headless, machine speed, flag hidden", group: "bot", target: "machine" },
  personPaced: { id: "f", name: "headless, flag hidden, a person's pace", group: "indistinguishable" },
  personPacedLinks: { id: "g", name: "same, link spam 4–8 bare domains", group: "indistinguishable" },
} satisfies Record<string, Kind>;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Sleeps until a moment that may already have passed. */
const waitFor = (ms: number) => sleep(Math.max(0, ms));
const random = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(items: readonly T[], index: number): T => items[index % items.length]!;

/** Words people write, each in their own script; names too, as the whole message is. */
const languages = {
  arabic: { name: "ليلى حسن", message: "مرحبا، نحتاج إلى مساعدة في الرواتب لفريق من المستقلين في لندن. شكرا لكم." },
  chinese: { name: "王小明", message: "您好，我们公司需要为自由职业者办理工资和保险，请尽快与我联系，谢谢。" },
  polish: { name: "Małgorzata Wiśniewska", message: "Dzień dobry, szukam pomocy z fakturami i ubezpieczeniem dla zleceniobiorców. Pozdrawiam." },
} as const;
/** What people link to: their portfolio with its scheme, LinkedIn and GitHub often without. */
const peoplesLinks = [
  "My portfolio is https://ann-lee.design and I am on linkedin.com/in/ann-lee",
  "See github.com/annlee and https://www.linkedin.com/in/ann-lee for my work",
  "Portfolio: https://portfolio.example.co.uk, code at github.com/annlee, profile linkedin.com/in/ann-lee",
  "Work samples at ann-lee.dev and https://github.com/annlee/payroll-tools",
];
const spamDomains = ["cheap-seo.shop", "best-rank.xyz/offer", "https://links.top/buy", "traffic-now.online", "www.followers.club", "casino-win.bid/join", "pills.store", "backlinks.icu/pro", "https://seo-deal.site", "rank1.click"];
/** A message with `count` links, some with a scheme, some bare domains. */
const linkSpam = (count: number, offset = 0) => `Grow your traffic today: ${Array.from({ length: count }, (_, i) => pick(spamDomains, offset + i)).join(" ")} best prices`;

/** The honeypot as a password manager fills it: through the input's own setter, so the page's script sees the change. */
async function fillHoneypot(form: Locator, value: string) {
  await form.locator('input[name="website"]').evaluate((input: HTMLInputElement, text) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, value);
}

/** A multipart body whose honeypot has a value (a browser's own post sends it empty). */
const filledHoneypot = /name="website"\r\n\r\n(?!\r\n)/;

/** A multipart body as a browser encodes one, under the given boundary. */
function multipart(boundary: string, fields: Record<string, string>): Buffer {
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return Buffer.from(`${parts.join("")}--${boundary}--\r\n`);
}

/** A request with exactly these headers (Node's fetch would add its own sec-fetch-mode); resolves to the status and the answer's text. */
function rawRequest(url: string, method: "GET" | "POST", headers: Record<string, string>, body?: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: body ? { ...headers, "content-length": String(body.length) } : headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    request.on("error", reject);
    request.end(body);
  });
}
const rawPost = async (url: string, headers: Record<string, string>, body: Buffer) => (await rawRequest(url, "POST", headers, body)).status;

/** The Send button's token on a "one more step" page; undefined on any other answer. */
const confirmTokenIn = (html: string) => new RegExp(`name="${CONFIRM_TOKEN_FIELD}" value="([^"]+)"`).exec(html)?.[1];

const decodeEntities = (text: string) =>
  text.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (entity, code: string) => {
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (code.startsWith("#x") || code.startsWith("#X")) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(Number(code.slice(1)));
    return named[code.toLowerCase()] ?? entity;
  });
const attribute = (tag: string, name: string) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
  return value === undefined ? undefined : decodeEntities(value);
};

/** A field of a form as a bot reading its HTML finds it. */
interface FoundField {
  name: string;
  kind: "text" | "email" | "tel" | "checkbox" | "select" | "textarea" | "hidden";
  value: string;
  /** Looks hidden to a bot that checks: `type=hidden`, out of the tab order, or inside a hidden element. */
  hidden: boolean;
  options: string[];
}
interface FoundForm {
  id: string;
  action: string;
  multipart: boolean;
  fields: FoundField[];
}

/**
 * The forms of a page as the classic form bot reads them: regular expressions
 * over the HTML, as such bots do, no script run, no CSS read.
 */
function formsOf(html: string): FoundForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map(([, formTag = "", inner = ""]) => {
    const fields: FoundField[] = [];
    for (const match of inner.matchAll(/<(select)\b([^>]*)>([\s\S]*?)<\/select>|<(input|textarea)\b([^>]*)>/gi)) {
      const element = match[1] ?? match[4] ?? "";
      const tag = match[2] ?? match[5] ?? "";
      const selectInner = match[3] ?? "";
      const name = attribute(tag, "name");
      if (!name) continue;
      const before = inner.slice(Math.max(0, match.index - 300), match.index);
      const hidden = /\btabindex="-1"/i.test(tag) || /type="hidden"/i.test(tag) || /<div class="hidden" aria-hidden="true">(?![\s\S]*<\/div>)/.test(before);
      if (element.toLowerCase() === "select") {
        const options = [...selectInner.matchAll(/<option\b([^>]*)>/gi)].map(([, optionTag = ""]) => attribute(optionTag, "value") ?? "").filter(Boolean);
        fields.push({ name, kind: "select", value: "", hidden, options });
      } else if (element.toLowerCase() === "textarea") {
        fields.push({ name, kind: "textarea", value: "", hidden, options: [] });
      } else {
        const type = (attribute(tag, "type") ?? "text").toLowerCase();
        const kind = (["email", "tel", "checkbox", "hidden"].includes(type) ? type : "text") as FoundField["kind"];
        fields.push({ name, kind, value: attribute(tag, "value") ?? "", hidden, options: [] });
      }
    }
    return {
      id: attribute(formTag, "id") ?? "",
      action: attribute(formTag, "action") ?? "",
      multipart: /enctype="multipart\/form-data"/i.test(formTag),
      fields,
    };
  });
}

/** The headers a captured request can be sent again with: no connection-level ones. */
const replayable = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(":") && !["host", "content-length", "connection"].includes(name)));

/** One request as a browser sent it: for "Copy as cURL" and the HTTP-level simulations. */
interface Captured {
  headers: Record<string, string>;
  body: Buffer;
  email: string;
}
const boundaryOf = (headers: Record<string, string>) => /boundary=([^;]+)/.exec(headers["content-type"] ?? "")?.[1] ?? "";

export async function runSpam(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "spam-drill-"));
  const server = await startSiteServer(port, {
    DATA_DIR: dataDir,
    PUBLIC_SITE_URL: base,
    // Every client here is 127.0.0.1: the per-address limit would refuse bots and people alike.
    RATE_LIMIT_MAX: "100000000",
    ANALYTICS: "off",
    SPAM_FILTER: "on",
  });
  const outcomes: Outcome[] = [];
  let serial = 0;
  const address = (kind: Kind) => `${kind.group}-${kind.id.replace("/", "")}-${(serial += 1)}@drill.example`;
  const captured: { enquiry?: Captured; signUp?: Captured; noJsEnquiry?: Captured; noJsSignUp?: Captured } = {};

  /** Sends a scripted request and records where it went; resolves to the outcome and the answer's text. */
  const postRaw = async (kind: Kind, email: string, headers: Record<string, string>, body: Buffer, honeypot = false, url = `${base}${CONTACT_ENDPOINT}`) => {
    const answer = await rawRequest(url, "POST", headers, body).catch(() => ({ status: 0, text: "" }));
    const outcome: Outcome = { kind, email, status: answer.status, headers, honeypot };
    outcomes.push(outcome);
    return { outcome, text: answer.text };
  };
  /**
   * A person without JavaScript at the HTTP level, on the "one more step" page: reads what they sent, presses
   * Send (its form's plain post, from the browser that made the first one), and again if the page asks to wait.
   */
  const confirmRaw = async (outcome: Outcome, page: string, headers: Record<string, string>) => {
    const token = confirmTokenIn(page);
    if (!token) return;
    const { "content-type": _type, referer: _referer, ...browser } = headers;
    void _type;
    void _referer;
    await sleep(random(2500, 8000));
    for (let presses = 1; presses <= 3; presses += 1) {
      outcome.presses = presses;
      outcome.confirmStatus = await rawPost(`${base}${CONFIRM_ENDPOINT}`, { ...browser, origin: base, referer: `${base}${CONTACT_ENDPOINT}`, "content-type": "application/x-www-form-urlencoded" }, urlencoded({ [CONFIRM_TOKEN_FIELD]: token })).catch(() => 0);
      if (outcome.confirmStatus !== 425) return;
      await sleep(random(1500, 3000));
    }
  };
  const urlencoded = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString());
  const enquiryFields = (email: string, message = "We would like to talk about payroll for our contractors.", name = "Drill Person") => ({
    name,
    email,
    salutation: "Agency",
    message,
  });

  const harnessErrors: string[] = [];
  let botsBrowser: Browser | undefined;
  let peoplesBrowser: Browser | undefined;
  const started = Date.now();
  try {
    peoplesBrowser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, "--disable-blink-features=AutomationControlled"] });
    botsBrowser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });

    /** A context of a browser: banners already acknowledged (a returning visitor), unless scripts are off. */
    const contextOf = async (browser: Browser, options: BrowserContextOptions = {}) => {
      // A person's browser is not headless: its User-Agent names Chrome, not HeadlessChrome.
      const context = await browser.newContext({ userAgent: CHROME_UA, viewport: { width: 1280, height: 800 }, ...options });
      await context.addInitScript(() => {
        window.localStorage.setItem("cookiesAccepted", "true");
        window.localStorage.setItem("disclaimerAccepted", "true");
      });
      return context;
    };

    const contactFormOf = (page: Page) => page.getByRole("main").locator("form").filter({ has: page.getByRole("button", { name: contactForm.submit }) });
    const footerForm = (page: Page) => page.getByRole("contentinfo").getByRole("form", { name: newsletterCopy.heading });

    /**
     * Presses Send and waits for the answer to the lead POST, recording the
     * request as sent. `capture` keeps it whole, for the copies made of it.
     */
    const press = async (page: Page, kind: Kind, email: string, button: Locator, how: "click" | "tap", extra: { pressMs?: number; capture?: keyof typeof captured } = {}) => {
      const request = page.waitForRequest((sent) => sent.url().endsWith(CONTACT_ENDPOINT) && sent.method() === "POST", { timeout: 30_000 }).catch(() => null);
      const answer = page.waitForResponse((response) => response.url().endsWith(CONTACT_ENDPOINT) && response.request().method() === "POST", { timeout: 30_000 }).catch(() => null);
      if (how === "tap") await button.tap();
      else await button.click();
      const [sent, response] = await Promise.all([request, answer]);
      const headers = sent ? await sent.allHeaders() : {};
      const body = sent?.postDataBuffer() ?? Buffer.alloc(0);
      if (extra.capture && sent && !captured[extra.capture]) captured[extra.capture] = { headers, body, email };
      const outcome: Outcome = { kind, email, status: response?.status() ?? 0, headers, honeypot: filledHoneypot.test(body.toString("utf8")), pressMs: extra.pressMs };
      outcomes.push(outcome);
      // The browser posted the form itself (no script, or pressed before it arrived): the page asks a person for one
      // more press. A bot driving the browser posts and moves on to its next address.
      const askedToConfirm = response?.status() === 200 && (response.headers()["content-type"] ?? "").startsWith("text/html");
      if (askedToConfirm && kind.group === "person") await confirmInBrowser(page, outcome, how);
    };
    /** A person on the "one more step" page: reads what they sent, presses Send, and again if the page asks to wait. */
    const confirmInBrowser = async (page: Page, outcome: Outcome, how: "click" | "tap") => {
      await page.getByRole("heading", { level: 1, name: sendConfirmPage.heading }).waitFor({ timeout: 30_000 });
      const send = page.getByRole("button", { name: sendConfirmPage.button, exact: true });
      await sleep(random(2500, 8000));
      for (let presses = 1; presses <= 3; presses += 1) {
        const answer = page.waitForResponse((response) => response.url().endsWith(CONFIRM_ENDPOINT) && response.request().method() === "POST", { timeout: 30_000 }).catch(() => null);
        if (how === "tap") await send.tap();
        else await send.click();
        outcome.presses = presses;
        outcome.confirmStatus = (await answer)?.status() ?? 0;
        if (outcome.confirmStatus !== 425) return;
        await page.getByText(sendConfirmPage.early).waitFor({ timeout: 30_000 });
        await sleep(random(1500, 3000));
      }
    };

    interface Person {
      name?: string;
      message?: string;
      how?: "click" | "tap";
      /** Milliseconds between keys. */
      delay?: [number, number];
    }
    /** A person typing an enquiry: each field pressed, then typed into; the consent's words pressed. */
    const typeEnquiry = async (page: Page, kind: Kind, person: Person = {}, capture?: keyof typeof captured) => {
      const { name = "Ann Lee", message = "Can you help with IR35 and payroll?", how = "click", delay = [40, 110] } = person;
      const email = address(kind);
      await page.goto(`${base}/contact`);
      const form = contactFormOf(page);
      const pressOn = (target: Locator) => (how === "tap" ? target.tap() : target.click());
      const type = (text: string) => page.keyboard.type(text, { delay: random(...delay) });
      await sleep(random(800, 1800));
      await pressOn(form.getByLabel(contactForm.labels.name));
      await type(name);
      await pressOn(form.getByLabel(contactForm.labels.email));
      await type(email);
      await form.getByLabel(contactForm.labels.role).selectOption(pick(["Freelancer", "Agency", "Business"], serial));
      await pressOn(form.getByLabel(contactForm.labels.message));
      await type(message);
      await pressOn(form.getByText(contactForm.consent));
      await sleep(random(300, 900));
      await press(page, kind, email, form.getByRole("button", { name: contactForm.submit }), how, { capture });
    };
    /** A person typing their address into the footer's sign-up. */
    const typeSignUp = async (page: Page, kind: Kind, person: Person = {}, capture?: keyof typeof captured) => {
      const { how = "click", delay = [40, 110] } = person;
      const email = address(kind);
      await page.goto(`${base}/about`);
      const form = footerForm(page);
      await sleep(random(800, 1800));
      const field = form.getByLabel(newsletterCopy.emailLabel);
      if (how === "tap") await field.tap();
      else await field.click();
      await page.keyboard.type(email, { delay: random(...delay) });
      await sleep(random(300, 900));
      await press(page, kind, email, form.getByRole("button", { name: newsletterCopy.submit }), how, { capture });
    };
    /**
     * `count` submissions of one browser kind, one page reused. A submission the harness could not
     * make (a step timed out) is counted apart: it says nothing about the filter.
     */
    const repeat = async (context: BrowserContext, count: number, send: (page: Page, index: number) => Promise<void>) => {
      const page = await context.newPage();
      for (let index = 0; index < count; index += 1) {
        await send(page, index).catch((error: Error) => harnessErrors.push(error.message.split("\n")[0]!));
      }
      await context.close();
    };

    // 1. Desktop, typing; its first enquiry and sign-up are the requests the bots copy (b, c, d).
    await repeat(await contextOf(peoplesBrowser), plan.desktop, (page, i) =>
      i % 3 === 2 ? typeSignUp(page, kinds.desktop, {}, "signUp") : typeEnquiry(page, kinds.desktop, {}, "enquiry"),
    );
    // 2. A phone: taps and its keyboard.
    await repeat(await contextOf(peoplesBrowser, { ...devices["Pixel 7"], hasTouch: true }), plan.phone, (page, i) =>
      i % 2 === 1 ? typeSignUp(page, kinds.phone, { how: "tap" }) : typeEnquiry(page, kinds.phone, { how: "tap" }),
    );
    // 3. Links people write.
    await repeat(await contextOf(peoplesBrowser), plan.links, (page, i) => typeEnquiry(page, kinds.links, { message: pick(peoplesLinks, i) }));
    // 4. Their own alphabet, the whole message.
    for (const language of ["arabic", "chinese", "polish"] as const) {
      await repeat(await contextOf(peoplesBrowser), plan.script, (page) => typeEnquiry(page, kinds[language], { ...languages[language], delay: [60, 140] }));
    }

    // 5. A slow phone: 4x CPU, 150 ms and 1.6 Mbit/s, cache off; the fields filled as autofill fills them and
    // Send tapped 1.4 s after the first paint, before the page's script may have hydrated the form.
    {
      const context = await contextOf(peoplesBrowser, { ...devices["Pixel 7"], hasTouch: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 });
      for (let i = 0; i < plan.slowPhone; i += 1) {
        const email = address(kinds.slowPhone);
        const signUp = i % 2 === 1;
        await page.goto(`${base}${signUp ? "/about" : "/contact"}`, { waitUntil: "commit" });
        await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, { polling: 20, timeout: 30_000 });
        const paintAt = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]!.startTime);
        const form = signUp ? footerForm(page) : contactFormOf(page);
        if (signUp) {
          await form.getByLabel(newsletterCopy.emailLabel).tap();
          await form.getByLabel(newsletterCopy.emailLabel).fill(email);
        } else {
          // Autofill sets every field in one go (one step here: a field at a time costs seconds at 4x slowdown).
          await form.getByLabel(contactForm.labels.name).tap();
          await form.evaluate((element: HTMLFormElement, values) => {
            for (const [name, value] of Object.entries(values)) {
              const field = element.elements.namedItem(name) as HTMLInputElement;
              Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")!.set!.call(field, value);
              field.dispatchEvent(new Event("input", { bubbles: true }));
              field.dispatchEvent(new Event("change", { bubbles: true }));
            }
          }, { name: "Sam Ray", email, salutation: "Business", message: "Please call me back about payroll." });
          await form.getByText(contactForm.consent).tap();
        }
        const now = await page.evaluate(() => performance.now());
        await waitFor(paintAt + 1400 - now);
        const pressMs = Math.round((await page.evaluate(() => performance.now())) - paintAt);
        await press(page, kinds.slowPhone, email, form.getByRole("button", { name: signUp ? newsletterCopy.submit : contactForm.submit }), "tap", { pressMs });
      }
      await context.close();
    }

    // 6. Autofill: the person reads, focuses a field, every field fills at once, Send 0.4–1.2 s after the focus;
    // a password manager also fills the hidden field (it takes it for a login's).
    const autofill = async (kind: Kind, count: number, honeypot: boolean) =>
      repeat(await contextOf(peoplesBrowser!), count, async (page, i) => {
        const email = address(kind);
        const signUp = i % 3 === 2;
        await page.goto(`${base}${signUp ? "/about" : "/contact"}`);
        await sleep(random(1200, 2500));
        const form = signUp ? footerForm(page) : contactFormOf(page);
        const delay = random(400, 1200);
        const focused = Date.now();
        if (signUp) {
          await form.getByLabel(newsletterCopy.emailLabel).click();
          await form.getByLabel(newsletterCopy.emailLabel).fill(email);
        } else {
          await form.getByLabel(contactForm.labels.name).click();
          await form.getByLabel(contactForm.labels.name).fill("Sam Ray");
          await form.getByLabel(contactForm.labels.email).fill(email);
          await form.getByLabel(contactForm.labels.role).selectOption("Business");
          await form.getByLabel(contactForm.labels.message).fill("Please call me back about payroll.");
        }
        if (honeypot) await fillHoneypot(form, "sam.ray@example.co.uk");
        if (!signUp) await form.getByText(contactForm.consent).click();
        await waitFor(focused + delay - Date.now());
        await press(page, kind, email, form.getByRole("button", { name: signUp ? newsletterCopy.submit : contactForm.submit }), "click");
      });
    await autofill(kinds.autofill, plan.autofill, false);
    await autofill(kinds.passwordManager, plan.passwordManager, true);

    // 7. JavaScript off: the browser's own multipart post, after its own checks; the first of each is kept
    // to simulate at the HTTP level what Playwright cannot do with scripts off (a password manager's honeypot).
    const noJsContext = () => contextOf(peoplesBrowser!, { javaScriptEnabled: false });
    await repeat(await noJsContext(), plan.noJs, (page, i) =>
      i % 2 === 1 ? typeSignUp(page, kinds.noJs, {}, "noJsSignUp") : typeEnquiry(page, kinds.noJs, {}, "noJsEnquiry"),
    );
    if (!captured.noJsEnquiry || !captured.noJsSignUp) throw new Error("no JavaScript-off submission was captured");
    // Each then presses Send on the page it got, as the browser's person would: at once, so their reading overlaps.
    const pressedLater: Promise<void>[] = [];
    for (let i = 0; i < plan.noJsHoneypot; i += 1) {
      const copy = i % 2 === 0 ? captured.noJsEnquiry : captured.noJsSignUp;
      const email = address(kinds.noJsHoneypot);
      const fields = i % 2 === 0 ? { ...enquiryFields(email), website: "sam.ray@example.co.uk" } : { email, website: "sam.ray@example.co.uk" };
      const headers = replayable(copy.headers);
      const { outcome, text } = await postRaw(kinds.noJsHoneypot, email, headers, multipart(boundaryOf(copy.headers), fields), true);
      pressedLater.push(confirmRaw(outcome, text, headers));
    }
    // An older browser: no Fetch Metadata, a urlencoded post from a page of the site.
    const oldBrowser = {
      "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Safari/605.1.15",
      accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      "accept-language": "en-GB,en;q=0.9",
      origin: base,
      "content-type": "application/x-www-form-urlencoded",
    };
    for (let i = 0; i < plan.oldBrowser; i += 1) {
      const email = address(kinds.oldBrowser);
      const signUp = i % 2 === 1;
      const headers = { ...oldBrowser, referer: `${base}${signUp ? "/about" : "/contact"}` };
      const { outcome, text } = await postRaw(kinds.oldBrowser, email, headers, urlencoded(signUp ? { email } : enquiryFields(email)));
      pressedLater.push(confirmRaw(outcome, text, headers));
    }
    await Promise.all(pressedLater);

    // 8. Two weak signals together. Links, the form filled as autofill fills it and Send pressed 1–1.8 s
    // after the first paint (under the 2 s a person usually takes).
    await repeat(await contextOf(peoplesBrowser), plan.linksQuick, async (page, i) => {
      const email = address(kinds.linksQuick);
      await page.goto(`${base}/contact`, { waitUntil: "commit" });
      await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, { polling: 20 });
      const paintAt = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]!.startTime);
      const form = contactFormOf(page);
      await form.getByLabel(contactForm.labels.name).click();
      await form.getByLabel(contactForm.labels.name).fill("Ann Lee");
      await form.getByLabel(contactForm.labels.email).fill(email);
      await form.getByLabel(contactForm.labels.role).selectOption("Freelancer");
      await form.getByLabel(contactForm.labels.message).fill(pick(peoplesLinks, i));
      await form.getByText(contactForm.consent).click();
      await waitFor(paintAt + random(1000, 1800) - (await page.evaluate(() => performance.now())));
      const pressMs = Math.round((await page.evaluate(() => performance.now())) - paintAt);
      await press(page, kinds.linksQuick, email, form.getByRole("button", { name: contactForm.submit }), "click", { pressMs });
    });
    await repeat(await contextOf(peoplesBrowser), plan.scriptLinks, (page, i) => {
      const language = languages[pick(["arabic", "chinese"] as const, i)];
      return typeEnquiry(page, kinds.scriptLinks, { name: language.name, message: `${language.message} https://ann-lee.design github.com/annlee`, delay: [40, 100] });
    });
    await repeat(await noJsContext(), plan.noJsLinks, (page, i) => typeEnquiry(page, kinds.noJsLinks, { message: pick(peoplesLinks, i) }));

    // a. HTTP clients: a few at a time, as a small botnet would.
    const inBatches = async (count: number, send: (index: number) => Promise<unknown>) => {
      for (let index = 0; index < count; index += 10) await Promise.all(Array.from({ length: Math.min(10, count - index) }, (_, k) => send(index + k)));
    };
    const python = { "user-agent": "python-requests/2.31.0", accept: "*/*", "accept-encoding": "gzip, deflate" };
    await inBatches(plan.httpClient, async (i) => {
      const email = address(kinds.python);
      const fields = i % 2 === 0 ? enquiryFields(email) : { email };
      if (i % 4 < 2) await postRaw(kinds.python, email, { ...python, "content-type": "application/x-www-form-urlencoded" }, urlencoded(fields));
      else await postRaw(kinds.python, email, { ...python, "content-type": "application/json" }, Buffer.from(JSON.stringify(fields)));
    });
    // Node's own HTTP client as a bot's script uses it (node:http, as undici's request): no Fetch Metadata. Node's
    // fetch adds `Sec-Fetch-Mode: cors` by itself, which no other client sends: the page's script's mark, not a bot's.
    const node = { "user-agent": "node", accept: "*/*" };
    await inBatches(plan.httpClient, async (i) => {
      const email = address(kinds.nodeClient);
      const fields = i % 2 === 0 ? enquiryFields(email) : { email };
      if (i % 4 < 2) await postRaw(kinds.nodeClient, email, { ...node, "content-type": "application/x-www-form-urlencoded" }, urlencoded(fields));
      else await postRaw(kinds.nodeClient, email, { ...node, "content-type": "application/json" }, Buffer.from(JSON.stringify(fields)));
    });
    const curl = { "user-agent": "curl/8.5.0", accept: "*/*", "content-type": "application/x-www-form-urlencoded" };
    await inBatches(plan.httpClient, (i) => {
      const email = address(kinds.curl);
      return postRaw(kinds.curl, email, curl, urlencoded(i % 2 === 0 ? enquiryFields(email) : { email }));
    });
    await inBatches(plan.httpClient, (i) => {
      const email = address(kinds.httpHoneypot);
      const fields = { ...(i % 2 === 0 ? enquiryFields(email) : { email }), website: "https://cheap.example" };
      return postRaw(kinds.httpHoneypot, email, { ...(i % 3 === 0 ? python : curl), "content-type": "application/x-www-form-urlencoded" }, urlencoded(fields), true);
    });

    // h. The classic form bot: it downloads the page's HTML with a browser's User-Agent, finds the form, fills
    // what it finds and posts it as the form would (its action and encoding). It never presses the page it gets.
    const classicBrowser = {
      "user-agent": CHROME_UA,
      accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      "accept-language": "en-GB,en;q=0.9",
    };
    /** What a navigation sends, forged: the form's own post as Chromium makes it. */
    const forgedNavigation = { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", "sec-fetch-user": "?1", "upgrade-insecure-requests": "1" };
    const pages = { contact: (await rawRequest(`${base}/contact`, "GET", classicBrowser)).text, about: (await rawRequest(`${base}/about`, "GET", classicBrowser)).text };
    const contactHtmlForm = formsOf(pages.contact).find((form) => form.fields.some((field) => field.name === "message"));
    const footerHtmlForm = formsOf(pages.about).find((form) => form.id === "newsletter");
    if (!contactHtmlForm || !footerHtmlForm) throw new Error("the classic bot found no contact or newsletter form in the pages' HTML");
    const pitches = [
      "We can get your site to the first page of Google in 30 days. See our results at https://rank-first.example and book a call at www.seo-pros.example",
      "Need more leads? Our agency builds backlinks that work: best-links.shop, and our price list at https://growth-deals.example/uk",
    ];
    /** The fields of a found form as the bot fills them: an address, a name, a phone, a pitch with two links, every box ticked. */
    const filledIn = (form: FoundForm, email: string, index: number, skipHidden: boolean): [string, string][] =>
      form.fields.flatMap((field): [string, string][] => {
        if (skipHidden && field.hidden) return [];
        if (field.kind === "email" || /mail/i.test(field.name)) return [[field.name, email]];
        if (field.kind === "tel") return [[field.name, "+44 7700 900456"]];
        if (field.kind === "checkbox") return [[field.name, field.value || "on"]];
        if (field.kind === "select") return field.options.length > 0 ? [[field.name, pick(field.options, index)]] : [];
        if (field.kind === "textarea") return [[field.name, pick(pitches, index)]];
        if (field.kind === "hidden") return [[field.name, field.value]];
        return [[field.name, field.name === "name" ? "Rank Higher Team" : field.value || "https://rank-first.example"]];
      });
    const multipartOf = (boundary: string, entries: [string, string][]) =>
      Buffer.from(`${entries.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("")}--${boundary}--\r\n`);
    const postFound = (kind: Kind, form: FoundForm, from: string, email: string, entries: [string, string][], extraHeaders: Record<string, string>) => {
      const boundary = `----WebKitFormBoundary${randomUUID().replace(/-/g, "").slice(0, 16)}`;
      const body = form.multipart ? multipartOf(boundary, entries) : Buffer.from(new URLSearchParams(entries).toString());
      const headers = {
        ...classicBrowser,
        ...extraHeaders,
        origin: base,
        referer: `${base}${from}`,
        "content-type": form.multipart ? `multipart/form-data; boundary=${boundary}` : "application/x-www-form-urlencoded",
      };
      return postRaw(kind, email, headers, body, entries.some(([name, value]) => name === "website" && value !== ""), new URL(form.action, base).href);
    };
    await inBatches(plan.classicEvery, async (i) => {
      const email = address(kinds.classicEvery);
      await postFound(kinds.classicEvery, contactHtmlForm, "/contact", email, filledIn(contactHtmlForm, email, i, false), {});
    });
    await inBatches(plan.classicForged, async (i) => {
      const email = address(kinds.classicForged);
      await postFound(kinds.classicForged, contactHtmlForm, "/contact", email, filledIn(contactHtmlForm, email, i, true), forgedNavigation);
    });
    await inBatches(plan.classicSignUp, async (i) => {
      // Someone else's address: the sign-up would send them a confirmation email they never asked for.
      const email = address(kinds.classicSignUp);
      await postFound(kinds.classicSignUp, footerHtmlForm, "/about", email, filledIn(footerHtmlForm, email, i, i % 2 === 1), i % 2 === 1 ? forgedNavigation : {});
    });

    // b. "Copy as cURL" of a real submission (its proof, key, timing and every header), sent with new addresses.
    if (!captured.enquiry || !captured.signUp) throw new Error("no real submission was captured to copy");
    const copies = [captured.enquiry, captured.signUp];
    const withAddress = (copy: Captured, email: string) => Buffer.from(copy.body.toString("utf8").split(copy.email).join(email));
    await inBatches(plan.copied, (i) => {
      const copy = pick(copies, i);
      const email = address(kinds.copied);
      return postRaw(kinds.copied, email, replayable(copy.headers), withAddress(copy, email));
    });
    // c. The same copy without its proof: Fetch Metadata and the form's other headers kept.
    await inBatches(plan.copiedNoProof, (i) => {
      const copy = pick(copies, i);
      const email = address(kinds.copiedNoProof);
      const withoutProof = Object.fromEntries(Object.entries(replayable(copy.headers)).filter(([name]) => name !== formHeaders.proofOfWork.toLowerCase()));
      return postRaw(kinds.copiedNoProof, email, withoutProof, withAddress(copy, email));
    });
    // d. The costliest bot: the copied headers, a key of its own, and each proof solved as the page's worker solves it.
    for (let i = 0; i < plan.ownProof; i += 1) {
      const copy = captured.enquiry;
      const email = address(kinds.ownProof);
      const challenge = (await (await fetch(`${base}${CHALLENGE_ENDPOINT}`)).json()) as Challenge;
      const headers = { ...replayable(copy.headers), [formHeaders.idempotencyKey.toLowerCase()]: randomUUID(), [formHeaders.proofOfWork.toLowerCase()]: await solvedProof(challenge) };
      await postRaw(kinds.ownProof, email, headers, multipart(boundaryOf(copy.headers), enquiryFields(email, linkSpam(5 + (i % 6), i), "SEO Team")));
    }

    // e. Headless Chromium filling and sending at machine speed, as Playwright drives it, with and without its
    // automation flag; it names Chrome in its User-Agent (one saying HeadlessChrome is no browser's anyway)
    // and has dismissed the banners.
    const machineSpeed = async (browser: Browser, kind: Kind) =>
      repeat(await contextOf(browser), plan.machineSpeed, async (page, i) => {
        const email = address(kind);
        const signUp = i % 2 === 1;
        await page.goto(`${base}${signUp ? "/about" : "/contact"}`);
        if (signUp) {
          const form = footerForm(page);
          await form.getByLabel(newsletterCopy.emailLabel).fill(email);
          await press(page, kind, email, form.getByRole("button", { name: newsletterCopy.submit }), "click");
        } else {
          const form = contactFormOf(page);
          await form.getByLabel(contactForm.labels.name).fill("Bot Browser");
          await form.getByLabel(contactForm.labels.email).fill(email);
          await form.getByLabel(contactForm.labels.role).selectOption("Agency");
          await form.getByLabel(contactForm.labels.message).fill("Cheap followers for your agency");
          await form.getByRole("checkbox", { name: contactForm.consent }).check();
          await press(page, kind, email, form.getByRole("button", { name: contactForm.submit }), "click");
        }
      });
    await machineSpeed(botsBrowser, kinds.machineFlag);
    await machineSpeed(peoplesBrowser, kinds.machineHidden);

    // f, g. The flag hidden and a person's pace: the people's own browser, driven as people drive it.
    await repeat(await contextOf(peoplesBrowser), plan.personPaced, (page, i) =>
      i % 2 === 1 ? typeSignUp(page, kinds.personPaced) : typeEnquiry(page, kinds.personPaced, { name: "Growth Team", message: "Cheap followers for your agency" }),
    );
    await repeat(await contextOf(peoplesBrowser), plan.personPacedLinks, (page, i) =>
      typeEnquiry(page, kinds.personPacedLinks, { name: "Growth Team", message: linkSpam(4 + (i % 5), i), delay: [20, 50] }),
    );
  } finally {
    await botsBrowser?.close();
    await peoplesBrowser?.close();
    // Give the worker a moment, then read the store with the server stopped.
    await sleep(1500);
    await server.stop();
  }
  const seconds = Math.round((Date.now() - started) / 1000);

  const db = new Database(path.join(dataDir, "leads.db"), { readonly: true });
  const emails = (sql: string) => db.prepare(sql).all().map((row) => (row as { email: string }).email.toLowerCase());
  const inInbox = new Set<string>([...emails("select email from enquiries"), ...emails("select email from subscribers")]);
  const held = new Map<string, string[]>(
    (db.prepare("select email, reasons from suspected_spam").all() as { email: string; reasons: string }[]).map((row) => [row.email.toLowerCase(), JSON.parse(row.reasons) as string[]]),
  );
  const outbox = db.prepare("select lead_email, topic from outbox").all() as { lead_email: string; topic: string }[];
  const confirmations = outbox.filter((row) => row.topic === "confirm-subscription").map((row) => row.lead_email);
  db.close();
  await rm(dataDir, { recursive: true, force: true });

  const groupOf = new Map(outcomes.map((outcome) => [outcome.email.toLowerCase(), outcome.kind.group]));
  const confirmationsToHeld = confirmations.filter((email) => held.has(email) || groupOf.get(email) === "bot").length;
  const confirmationsToIndistinguishable = confirmations.filter((email) => groupOf.get(email) === "indistinguishable").length;
  /** Emails to or about bots of a target: team notifications about their enquiries, confirmations to their addresses. */
  const targetOf = new Map(outcomes.map((outcome) => [outcome.email.toLowerCase(), outcome.kind.target]));
  const emailsAbout = (target: Target | "any") =>
    outbox.filter((row) => (row.topic === "team-notification" || row.topic === "confirm-subscription") && groupOf.get(row.lead_email.toLowerCase()) === "bot" && (target === "any" || targetOf.get(row.lead_email.toLowerCase()) === target)).length;

  interface Tally {
    sent: number;
    inbox: number;
    spam: number;
    refused: number;
    lost: number;
  }
  const tally = (mine: Outcome[]): Tally => {
    const inbox = mine.filter((outcome) => inInbox.has(outcome.email.toLowerCase())).length;
    const spam = mine.filter((outcome) => held.has(outcome.email.toLowerCase())).length;
    const refused = mine.filter((outcome) => !inInbox.has(outcome.email.toLowerCase()) && !held.has(outcome.email.toLowerCase()) && outcome.status >= 400).length;
    return { sent: mine.length, inbox, spam, refused, lost: mine.length - inbox - spam - refused };
  };
  const range = (values: number[]) => (values.length === 0 ? "" : `${Math.min(...values)}–${Math.max(...values)}`);
  /** What the requests carried that the filter weighs: proofs, the browser's timing, the honeypot, the automation flag. */
  const seen = (mine: Outcome[]) => {
    const header = (name: string) => mine.flatMap((outcome) => (outcome.headers[name.toLowerCase()] === undefined ? [] : [outcome.headers[name.toLowerCase()]!]));
    const numbers = (name: string) => header(name).map(Number);
    const notes = [
      `proof ${header(formHeaders.proofOfWork).length}`,
      numbers(formHeaders.shownMs).length > 0 && `shown ${range(numbers(formHeaders.shownMs))} ms`,
      numbers(formHeaders.fillMs).length > 0 && `fill ${range(numbers(formHeaders.fillMs))} ms`,
      mine.some((outcome) => outcome.pressMs !== undefined) && `press at ${range(mine.flatMap((outcome) => (outcome.pressMs === undefined ? [] : [outcome.pressMs])))} ms after paint`,
      mine.some((outcome) => outcome.honeypot) && `honeypot ${mine.filter((outcome) => outcome.honeypot).length}`,
      header(formHeaders.automated).length > 0 && `automated ${header(formHeaders.automated).length}`,
      header("sec-fetch-mode").length < mine.length && `no Fetch Metadata ${mine.length - header("sec-fetch-mode").length}`,
      mine.some((outcome) => outcome.presses) && `Send pressed ${pressCounts(mine)}`,
    ];
    return notes.filter(Boolean).join(", ");
  };
  /** How many presses of the "one more step" page's Send it took: "1× 5, 2× 1". */
  function pressCounts(mine: Outcome[]) {
    const counts = new Map<number, number>();
    for (const outcome of mine) if (outcome.presses) counts.set(outcome.presses, (counts.get(outcome.presses) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => a - b).map(([presses, count]) => `${presses}× ${count}`).join(", ");
  }
  const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
  const rowOf = (label: string, mine: Outcome[], details: string): Row => {
    const counts = tally(mine);
    const reasons = new Map<string, number>();
    for (const outcome of mine) for (const reason of held.get(outcome.email.toLowerCase()) ?? []) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    return {
      kind: label,
      sent: counts.sent,
      inbox: counts.inbox,
      Spam: counts.spam,
      refused: counts.refused,
      lost: counts.lost,
      "reasons in Spam": [...reasons].map(([reason, count]) => `${reason} ${count}`).join(", ") || "-",
      "what the server saw": details,
    };
  };

  const rows: Row[] = [];
  const byKind = [...new Set(outcomes.map((outcome) => outcome.kind))];
  for (const kind of byKind) {
    const mine = outcomes.filter((outcome) => outcome.kind === kind);
    rows.push(rowOf(`${kind.id} ${kind.name}`, mine, seen(mine)));
  }
  const people = outcomes.filter((outcome) => outcome.kind.group === "person");
  const bots = outcomes.filter((outcome) => outcome.kind.group === "bot");
  const alike = outcomes.filter((outcome) => outcome.kind.group === "indistinguishable");
  const heldShare = (mine: Outcome[]) => {
    const counts = tally(mine);
    return { ...counts, held: counts.spam + counts.refused, share: percent(counts.spam + counts.refused, counts.sent) };
  };
  const peopleTally = tally(people);
  const mustHold = heldShare(bots);
  const allHeld = heldShare(bots.filter((outcome) => outcome.kind.target === "all"));
  const machine = heldShare(bots.filter((outcome) => outcome.kind.target === "machine"));
  const classic = heldShare(bots.filter((outcome) => outcome.kind.target === "classic"));
  /** People whose browser posted the form itself (JavaScript off, or pressed before the code): each met the page's Send. */
  const confirmers = people.filter((outcome) => outcome.presses);
  const confirmersTally = tally(confirmers);
  const ownProof = heldShare(bots.filter((outcome) => outcome.kind === kinds.ownProof));
  const indistinguishable = heldShare(alike);
  rows.push(rowOf("all people (1–8)", people, `${percent(peopleTally.inbox, peopleTally.sent)} in the inbox`));
  rows.push(rowOf("people who pressed the page's Send", confirmers, `${percent(confirmersTally.inbox, confirmersTally.sent)} in the inbox; Send pressed ${pressCounts(confirmers)}`));
  rows.push(rowOf("bots that must be held (a–e, h)", bots, `${mustHold.share} held; copied, replayed, proofless (a–c) ${allHeld.share}; machine speed (e) ${machine.share}; classic form bot (h) ${classic.share}`));
  rows.push(rowOf("indistinguishable (f, g)", alike, `${indistinguishable.share} held`));

  const summary = {
    people: peopleTally.sent,
    peopleInInbox: percent(peopleTally.inbox, peopleTally.sent),
    peopleInSpam: peopleTally.spam,
    peopleLostOrRefused: peopleTally.lost + peopleTally.refused,
    botsToHold: mustHold.sent,
    botsHeld: mustHold.share,
    copiedReplayedProoflessHeld: allHeld.share,
    machineSpeedHeld: machine.share,
    classicFormBots: classic.sent,
    classicFormBotsKeptOut: classic.share,
    emailsToOrAboutClassicBots: emailsAbout("classic"),
    emailsToOrAboutBots: emailsAbout("any"),
    peopleWhoPressedSend: confirmersTally.sent,
    peopleWhoPressedSendInInbox: percent(confirmersTally.inbox, confirmersTally.sent),
    sendPresses: pressCounts(confirmers),
    ownProofLinkSpamHeld: ownProof.share,
    indistinguishable: indistinguishable.sent,
    indistinguishableHeld: indistinguishable.share,
    confirmationEmailsToHeldOrBots: confirmationsToHeld,
    confirmationEmailsToIndistinguishable: confirmationsToIndistinguishable,
    harnessErrors: harnessErrors.length,
    seconds,
  };
  // Each person not in the inbox and each bot not held, with what it sent: what the integrator reads first.
  const exceptions = outcomes
    .filter((outcome) => (outcome.kind.group === "person" ? !inInbox.has(outcome.email.toLowerCase()) : outcome.kind.group === "bot" && inInbox.has(outcome.email.toLowerCase())))
    .map((outcome) => ({ kind: `${outcome.kind.id} ${outcome.kind.name}`, status: outcome.status, reasons: held.get(outcome.email.toLowerCase()) ?? [], sent: seen([outcome]) }));
  report(
    "spam",
    `Spam drill: ${people.length} people, ${bots.length} bots that must be held, ${alike.length} bots indistinguishable from people; where each ended (${seconds} s)`,
    rows,
    { summary, exceptions },
  );
  const lines = exceptions.map((exception) => `${exception.kind} (${exception.status}; ${exception.reasons.join(", ") || "no reasons"}): ${exception.sent}`);
  for (const line of new Set(lines)) console.log(`not where it belongs: ${lines.filter((other) => other === line).length}x ${line}`);
  if (harnessErrors.length > 0) console.log(`submissions the harness could not make: ${harnessErrors.length}\n  ${[...new Set(harnessErrors)].join("\n  ")}`);
  console.log(`confirmation emails to held or bot addresses: ${confirmationsToHeld}; to the indistinguishable rows' addresses: ${confirmationsToIndistinguishable}`);
  const failures = [
    peopleTally.lost + peopleTally.refused > 0 && `${peopleTally.lost + peopleTally.refused} people's submissions lost or refused`,
    peopleTally.inbox < 0.99 * peopleTally.sent && `only ${summary.peopleInInbox} of people in the inbox`,
    allHeld.held < allHeld.sent && `only ${allHeld.share} of copied, replayed and proofless posts held`,
    machine.held < 0.95 * machine.sent && `only ${machine.share} of machine-speed browsers held`,
    classic.held < 0.99 * classic.sent && `only ${classic.share} of the classic form bot's posts kept out`,
    emailsAbout("classic") > 0 && `${emailsAbout("classic")} emails to or about the classic form bot`,
    confirmersTally.inbox < confirmersTally.sent && `only ${confirmersTally.inbox} of ${confirmersTally.sent} people who pressed the page's Send in the inbox`,
    confirmationsToHeld > 0 && `${confirmationsToHeld} confirmation emails to held or bot addresses`,
    harnessErrors.length > 0 && `${harnessErrors.length} submissions the harness could not make`,
  ].filter(Boolean);
  if (failures.length > 0) throw new Error(`spam drill missed its targets: ${failures.join("; ")}`);
}

if (isMain(import.meta.url)) await runSpam();
