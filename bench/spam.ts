// Part "spam": the spam drill. Against the real server (SPAM_FILTER on, the
// defaults otherwise), over 1,000 bot submissions of several kinds and over
// 200 human-like ones, then each is looked up in the store: in the inbox (an
// enquiry or subscriber), held in Spam, refused (4xx), or lost (none of these).
// Bots: plain HTTP posts, honeypot filled, link spam carrying a proof of work
// the bot solved itself, one proof replayed, and a headless browser filling and
// sending the contact form at machine speed. Humans: Playwright typing at a
// person's pace, autofill filling the form in 300 ms, a password manager filling
// the honeypot too, and a browser without JavaScript (its native form post,
// simulated at the HTTP level: the same request a browser sends). The people's
// Chromium runs without the automation flag (navigator.webdriver false, as in
// anyone's own browser); the bot's is Playwright's as it comes. One browser
// context per kind, reused, so it runs on a 2-core machine.
//   node --import tsx bench/spam.ts [--quick]
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { solveChallenge } from "altcha-lib/v1";
import Database from "better-sqlite3";
import { contactForm } from "../app/data/contact";
import { CHALLENGE_ENDPOINT, CONTACT_ENDPOINT, headers } from "../contract/lead";
import { chromiumArgs, chromiumPath } from "../scripts/chromium";
import { flag, isMain, report, sleep, startSiteServer, type Row } from "./lib";

type Kind = { group: "bot" | "human"; name: string };
interface Outcome {
  kind: string;
  group: "bot" | "human";
  email: string;
  status: number;
}

const quick = flag("quick");
/** How many of each kind; the totals are at least 1,000 bots and 200 humans. */
const plan = {
  bots: { http: 400, honeypot: 250, links: 150, replay: 150, headless: quick ? 20 : 60 },
  humans: { typing: quick ? 10 : 40, autofill: quick ? 10 : 50, passwordManager: quick ? 10 : 40, noJs: quick ? 30 : 80 },
} as const;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const random = (min: number, max: number) => min + Math.random() * (max - min);
const enquiryBody = (email: string, message = "We would like to talk about payroll for our contractors.") => ({
  name: "Drill Person",
  email,
  salutation: "Agency",
  sector: "",
  you_need: "",
  message,
});
const BOT_UA = "python-requests/2.31.0";
const CHROME_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

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
  const address = (kind: string) => `${kind}-${(serial += 1)}@drill.example`;
  const post = async (kind: Kind, body: Record<string, string>, extra: Record<string, string>, encoding: "form" | "json" = "form") => {
    const response = await fetch(`${base}${CONTACT_ENDPOINT}`, {
      method: "POST",
      redirect: "manual",
      headers: encoding === "json" ? { "content-type": "application/json", ...extra } : { "content-type": "application/x-www-form-urlencoded", ...extra },
      body: encoding === "json" ? JSON.stringify(body) : new URLSearchParams(body).toString(),
    });
    await response.arrayBuffer();
    outcomes.push({ kind: kind.name, group: kind.group, email: body.email!, status: response.status });
  };
  /** A proof of work solved as a determined bot would: fetch a challenge, pay the hashes. */
  const solvedProof = async () => {
    const challenge = (await (await fetch(`${base}${CHALLENGE_ENDPOINT}`)).json()) as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    return Buffer.from(JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution!.number, salt: challenge.salt, signature: challenge.signature })).toString("base64");
  };
  /** What a browser adds to a script's POST to its own site, forged by a bot that copies it. */
  const browserLike = { "user-agent": CHROME_UA, origin: base, referer: `${base}/contact`, "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" };

  let browser: Browser | undefined;
  let peoplesBrowser: Browser | undefined;
  const started = Date.now();
  try {
    // Bots over HTTP: a few at a time, as a small botnet would.
    const inBatches = async (count: number, send: (index: number) => Promise<void>) => {
      for (let index = 0; index < count; index += 10) await Promise.all(Array.from({ length: Math.min(10, count - index) }, (_, n) => send(index + n)));
    };
    const http: Kind = { group: "bot", name: "bot: plain HTTP post" };
    await inBatches(plan.bots.http, (i) =>
      i % 2 === 0
        ? post(http, enquiryBody(address("bot-http")), { "user-agent": BOT_UA }, i % 4 === 0 ? "json" : "form")
        : post(http, { email: address("bot-http") }, { "user-agent": BOT_UA }),
    );
    const honeypot: Kind = { group: "bot", name: "bot: honeypot filled" };
    await inBatches(plan.bots.honeypot, (i) =>
      i % 2 === 0
        ? post(honeypot, { ...enquiryBody(address("bot-honeypot")), website: "https://cheap.example" }, { "user-agent": CHROME_UA, referer: `${base}/contact` })
        : post(honeypot, { email: address("bot-honeypot"), website: "https://cheap.example" }, { "user-agent": CHROME_UA }),
    );
    // The costliest bot: it solves each proof and copies a browser's headers, but sells something.
    const links: Kind = { group: "bot", name: "bot: link spam, own proof" };
    await inBatches(plan.bots.links, async () => {
      const message = "Best SEO offer https://seo.example/a https://seo.example/b https://seo.example/c buy now";
      await post(links, enquiryBody(address("bot-links"), message), { ...browserLike, [headers.proofOfWork]: await solvedProof(), [headers.renderedAt]: String(Date.now() - 8000) });
    });
    // One proof, solved once, sent with every submission.
    const replay: Kind = { group: "bot", name: "bot: replayed proof" };
    const spent = await solvedProof();
    for (let i = 0; i < plan.bots.replay; i += 1) {
      await post(replay, enquiryBody(address("bot-replay")), { ...browserLike, [headers.proofOfWork]: spent, [headers.renderedAt]: String(Date.now() - 8000) });
    }
    // Humans without JavaScript: the browser's own form post (Fetch Metadata of a navigation), enquiries and sign-ups.
    const noJs: Kind = { group: "human", name: "human: no JavaScript" };
    for (let i = 0; i < plan.humans.noJs; i += 1) {
      const navigation = { "user-agent": CHROME_UA, origin: base, referer: `${base}/contact`, accept: "text/html,application/xhtml+xml", "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", "sec-fetch-user": "?1" };
      await post(noJs, i % 2 === 0 ? enquiryBody(address("human-nojs")) : { email: address("human-nojs") }, navigation);
    }

    // The browser kinds: one context each, its page reused from one submission to the next.
    browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
    peoplesBrowser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, "--disable-blink-features=AutomationControlled"] });
    /** A person's browser: no automation flag, the banners already acknowledged (a returning visitor). */
    const personPage = async () => {
      const context = await peoplesBrowser!.newContext({ userAgent: CHROME_UA, viewport: { width: 1280, height: 800 } });
      await context.addInitScript(() => {
        window.localStorage.setItem("cookiesAccepted", "true");
        window.localStorage.setItem("disclaimerAccepted", "true");
      });
      return context.newPage();
    };
    /** Sends the contact form with a click and waits for the answer; the page's own request is recorded. */
    const sendForm = async (page: Page, kind: Kind, email: string) => {
      const form = page.getByRole("main").locator("form");
      const answer = page.waitForResponse((response) => response.url().endsWith(CONTACT_ENDPOINT) && response.request().method() === "POST", { timeout: 20_000 }).catch(() => null);
      await form.getByRole("button", { name: contactForm.submit }).click();
      const response = await answer;
      outcomes.push({ kind: kind.name, group: kind.group, email, status: response?.status() ?? 0 });
    };
    const openContact = async (page: Page) => {
      await page.goto(`${base}/contact`);
      return page.getByRole("main").locator("form");
    };

    const headless: Kind = { group: "bot", name: "bot: headless browser, machine speed" };
    {
      const page = await (await browser.newContext()).newPage();
      for (let i = 0; i < plan.bots.headless; i += 1) {
        const email = address("bot-headless");
        const form = await openContact(page);
        await form.getByLabel(contactForm.labels.name).fill("Bot Browser");
        await form.getByLabel(contactForm.labels.email).fill(email);
        await form.getByLabel(contactForm.labels.role).selectOption("Agency");
        await form.getByLabel(contactForm.labels.message).fill("Cheap followers for your agency");
        await form.getByRole("checkbox", { name: contactForm.consent }).check();
        await sendForm(page, headless, email);
      }
    }

    const typing: Kind = { group: "human", name: "human: typing at a person's pace" };
    {
      const page = await personPage();
      for (let i = 0; i < plan.humans.typing; i += 1) {
        const email = address("human-typing");
        const form = await openContact(page);
        await sleep(random(800, 2000));
        await form.getByLabel(contactForm.labels.name).click();
        await page.keyboard.type("Ann Lee", { delay: random(50, 120) });
        await form.getByLabel(contactForm.labels.email).click();
        await page.keyboard.type(email, { delay: random(40, 100) });
        await form.getByLabel(contactForm.labels.role).selectOption("Freelancer");
        await form.getByLabel(contactForm.labels.message).click();
        await page.keyboard.type("Can you help with IR35?", { delay: random(40, 100) });
        await form.getByText(contactForm.consent).click();
        await sleep(random(300, 900));
        await sendForm(page, typing, email);
      }
    }

    /** Browser autofill: the person reads for a moment, focuses the form, and every field fills at once. */
    const autofill = async (kind: Kind, alsoHoneypot: boolean, count: number) => {
      const page = await personPage();
      for (let i = 0; i < count; i += 1) {
        const email = address(alsoHoneypot ? "human-manager" : "human-autofill");
        const form = await openContact(page);
        await sleep(random(1000, 2500));
        const begun = Date.now();
        await form.getByLabel(contactForm.labels.name).click();
        await form.getByLabel(contactForm.labels.name).fill("Sam Ray");
        await form.getByLabel(contactForm.labels.email).fill(email);
        await form.getByLabel(contactForm.labels.role).selectOption("Business");
        await form.getByLabel(contactForm.labels.message).fill("Please call me back about payroll.");
        // A password manager fills the hidden field too (it takes it for a login's).
        if (alsoHoneypot) await form.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
          input.value = "sam.ray@example.co.uk";
          input.dispatchEvent(new Event("input", { bubbles: true }));
        });
        await form.getByText(contactForm.consent).click();
        await sleep(Math.max(0, 300 - (Date.now() - begun)));
        await sendForm(page, kind, email);
      }
    };
    await autofill({ group: "human", name: "human: autofill in 300 ms" }, false, plan.humans.autofill);
    await autofill({ group: "human", name: "human: password manager fills honeypot" }, true, plan.humans.passwordManager);
  } finally {
    await browser?.close();
    await peoplesBrowser?.close();
    // Give the worker a moment, then read the store with the server stopped.
    await sleep(1500);
    await server.stop();
  }
  const seconds = Math.round((Date.now() - started) / 1000);

  const db = new Database(path.join(dataDir, "leads.db"), { readonly: true });
  const inInbox = new Set<string>([
    ...db.prepare("select email from enquiries").all().map((row) => (row as { email: string }).email),
    ...db.prepare("select email from subscribers").all().map((row) => (row as { email: string }).email),
  ]);
  const held = new Map<string, string[]>(db.prepare("select email, reasons from suspected_spam").all().map((row) => [(row as { email: string }).email, JSON.parse((row as { reasons: string }).reasons) as string[]]));
  const confirmationsToBots = (db.prepare("select lead_email from outbox where topic = 'confirm-subscription'").all() as { lead_email: string }[]).filter((row) => row.lead_email.startsWith("bot-")).length;
  const reasonsByKind = new Map<string, Map<string, number>>();
  db.close();
  await rm(dataDir, { recursive: true, force: true });

  const rows: Row[] = [];
  const kinds = [...new Set(outcomes.map((outcome) => outcome.kind))];
  const totals = { bot: { n: 0, caught: 0 }, human: { n: 0, inbox: 0, spam: 0, lost: 0 } };
  for (const kind of kinds) {
    const mine = outcomes.filter((outcome) => outcome.kind === kind);
    const group = mine[0]!.group;
    const inbox = mine.filter((outcome) => inInbox.has(outcome.email)).length;
    const spam = mine.filter((outcome) => held.has(outcome.email)).length;
    const refused = mine.filter((outcome) => !inInbox.has(outcome.email) && !held.has(outcome.email) && outcome.status >= 400).length;
    const lost = mine.length - inbox - spam - refused;
    const reasons = reasonsByKind.get(kind) ?? new Map<string, number>();
    for (const outcome of mine) for (const reason of held.get(outcome.email) ?? []) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    rows.push({
      kind,
      sent: mine.length,
      inbox,
      spam,
      refused,
      lost,
      "reasons in Spam": [...reasons].map(([reason, count]) => `${reason} ${count}`).join(", ") || "-",
    });
    if (group === "bot") {
      totals.bot.n += mine.length;
      totals.bot.caught += spam + refused;
    } else {
      totals.human.n += mine.length;
      totals.human.inbox += inbox;
      totals.human.spam += spam;
      totals.human.lost += lost + refused;
    }
  }
  const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
  const summary = {
    bots: totals.bot.n,
    botsInSpamOrRefused: percent(totals.bot.caught, totals.bot.n),
    humans: totals.human.n,
    humansInInbox: percent(totals.human.inbox, totals.human.n),
    humansInSpam: totals.human.spam,
    humansLost: totals.human.lost,
    confirmationEmailsToBots: confirmationsToBots,
    seconds,
  };
  rows.push({ kind: "all bots", sent: totals.bot.n, inbox: totals.bot.n - totals.bot.caught, spam: "", refused: "", lost: "", "reasons in Spam": `${summary.botsInSpamOrRefused} in Spam or refused` });
  rows.push({ kind: "all humans", sent: totals.human.n, inbox: totals.human.inbox, spam: totals.human.spam, refused: "", lost: totals.human.lost, "reasons in Spam": `${summary.humansInInbox} in the inbox` });
  report("spam", `Spam drill: ${totals.bot.n} bot and ${totals.human.n} human submissions, where each ended (${seconds} s)`, rows, { summary });
  console.log(`confirmation emails to a bot's address: ${confirmationsToBots}`);
  const failures = [
    totals.human.lost > 0 && `${totals.human.lost} human submissions lost`,
    totals.human.inbox < 0.95 * totals.human.n && `only ${summary.humansInInbox} of humans in the inbox`,
    totals.bot.caught < 0.95 * totals.bot.n && `only ${summary.botsInSpamOrRefused} of bots in Spam or refused`,
    confirmationsToBots > 0 && `${confirmationsToBots} confirmation emails to bots`,
  ].filter(Boolean);
  if (failures.length > 0) throw new Error(`spam drill missed its targets: ${failures.join("; ")}`);
}

if (isMain(import.meta.url)) await runSpam();
