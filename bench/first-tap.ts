// Part "first-tap": does every control answer the first tap from the first
// paint? For every route and every kind of control on it, in Chromium with a
// phone profile (Pixel 7 viewport 412x915, touch, 4x CPU slowdown, 150 ms round
// trip, 1.6 Mbit/s down), a real tap on the control every 50 ms from the first
// paint until one works, each judged by what the visitor sees (KINDS below).
// A tap works when its outcome shows at once (the page's code, or the browser
// by itself: a form's own validation stopping an empty field, a native post
// leaving for the server's page), or when it shows later without another tap
// (a handler that arrived meanwhile answered it). Nothing holds a press for
// code still on its way: a press before then that shows nothing is lost.
// Taps lost: the taps before the first that worked. Requests: POSTs to the
// lead API (at most one).
// For the tap that worked (the first, when none is lost): the time from the touch
// to its visible outcome, and the browser's Event Timing figures for it (the
// longest entry of its interaction, as INP takes it: input delay, processing,
// presentation). An outcome shown by that interaction's own frame is timed by
// Event Timing (to the frame that painted it); one shown later (a late
// handler) by the harness's polling, 50 ms apart at most; a native post's, from
// the touch to the first paint of the page the server sent the browser to.
//   node --import tsx bench/first-tap.ts [--routes /,/contact] [--port 4311]
import { chromium, devices, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { contactFormCopy, contactFormLabels } from "../app/data/contact";
import { newsletterFormCopy } from "../app/data/newsletter";
import { lastBuild } from "../contract/built-pages";
import { carouselCopy, shell } from "../app/data/shell.test-support";
import { waitForHydration } from "../e2e/fixtures";
import { chromiumArgs, chromiumPath } from "../scripts/chromium";
import { isMain, option, ports, report, sleep, startSiteServer, type Row } from "./lib";
import { readEntry } from "../scripts/build/content-files";

const layoutCopy = shell.copy;
const newsletterCopy = newsletterFormCopy(readEntry("forms/newsletter.yaml"));
const contactForm = { ...contactFormCopy(readEntry("forms/enquiry.yaml"), readEntry("site/brand.yaml")), labels: contactFormLabels };
const servicesHero = readEntry("pages/services.yaml").hero;

/** The phone profile of the issue that asked for this table. */
export const phone = {
  viewport: { width: 412, height: 915 },
  cpuSlowdown: 4,
  rttMs: 150,
  downBitsPerSecond: 1_600_000,
  upBitsPerSecond: 750_000,
} as const;
const POLL_MS = 50;
/** Google's "good" interaction latency (INP): the most a touch may take to show its outcome. */
const OUTCOME_TARGET_MS = 200;
/** A control that has not worked this long after the first paint is given up on. */
const GIVE_UP_MS = 20_000;

interface Kind {
  name: string;
  /** The header's dropdowns exist only at desktop widths: measured at 1280x800, same slowdown. */
  desktop?: boolean;
  /** The notices show (a first visit); otherwise they were acknowledged, as for a returning visitor. */
  notices?: boolean;
  /** What to tap. */
  control: (page: Page) => Locator;
  /** Before the taps, once the control's page is painted (scroll to the bottom for back-to-top). */
  prepare?: (page: Page) => Promise<void>;
  /** A keyboard press instead of a tap. */
  press?: string;
  /** Whether the visitor sees the control's outcome now. */
  works: (page: Page, control: Locator) => Promise<boolean>;
  /** Whether the browser answered the tap by itself, before the page's code (its validation stopped the form). */
  byBrowser?: (page: Page) => Promise<boolean>;
  /** A tap that leaves for the server's page (a form's native post) works when that page paints. */
  postsNatively?: boolean;
  /** The custom element whose code the control needs: when it was defined is reported. */
  element?: string;
}

/** The element a control says it opens (aria-controls or popovertarget) is shown, or its <details> is open. */
async function opensItsPanel(control: Locator): Promise<boolean> {
  // No named function inside: tsx would wrap it in a helper the page does not have.
  return control.evaluate((element) => {
    const id = element.getAttribute("popovertarget") ?? element.getAttribute("commandfor") ?? element.getAttribute("aria-controls");
    const target = id ? document.getElementById(id) : null;
    if (target?.checkVisibility()) return true;
    if (element.getAttribute("aria-expanded") === "true") return true;
    const details = element.closest("details");
    return !!details && details.open;
  });
}

/** The form's first field the browser's own validation refused holds focus: its message is shown beside it. */
const stoppedByBrowser = (form: Locator) =>
  form.evaluate((element) => {
    const focused = document.activeElement;
    return !!focused && element.contains(focused) && focused.matches(":invalid");
  });
const statusText = (form: Locator) => form.getByRole("status").textContent().then((text) => text?.trim() ?? "");
const footerForm = (page: Page) => page.getByRole("contentinfo").getByRole("form", { name: newsletterCopy.heading });
const contactFormOf = (page: Page) => page.getByRole("main").locator("form").filter({ has: page.getByRole("button", { name: contactForm.submit }) });

/** Where the first carousel's first slide sits in its frame: it changes when the carousel moves. */
function slidePosition(page: Page): Promise<number> {
  return page.evaluate(() => {
    const carousel = document.querySelector("[aria-roledescription='carousel']");
    const slide = carousel?.querySelector("[aria-roledescription='slide']");
    return carousel && slide ? Math.round(slide.getBoundingClientRect().left - carousel.getBoundingClientRect().left) : 0;
  });
}

export const KINDS: Kind[] = [
  {
    name: "menu button",
    control: (page) => page.getByRole("button", { name: layoutCopy.openMenu }),
    works: async (page, control) => (await page.getByRole("dialog").first().isVisible()) || (await opensItsPanel(control)),
  },
  {
    name: "dropdown",
    desktop: true,
    control: (page) => page.getByRole("button", { name: / submenu$/ }).first(),
    works: (_page, control) => opensItsPanel(control),
  },
  {
    name: "FAQ item",
    // The second question: a closed one, whatever the first's starting state.
    control: (page) => page.locator("details.faq-item").nth(1).locator("summary"),
    works: (_page, control) => opensItsPanel(control),
  },
  {
    name: "carousel next",
    element: "slide-carousel",
    // Found while still hidden: the carousel's buttons show once it runs, which it does as it nears the screen.
    control: (page) => page.getByRole("button", { name: carouselCopy.next, includeHidden: true }).first(),
    prepare: async (page) => {
      await page.locator("[aria-roledescription='carousel']").first().scrollIntoViewIfNeeded();
      const start = await slidePosition(page);
      await page.evaluate((position) => ((window as unknown as { __slideStart: number }).__slideStart = position), start);
    },
    works: async (page) => (await slidePosition(page)) !== (await page.evaluate(() => (window as unknown as { __slideStart: number }).__slideStart)),
  },
  {
    name: "scroll button",
    control: (page) => page.getByRole("link", { name: servicesHero.browseLabel }),
    prepare: async (page) => {
      await page.evaluate(() => ((window as unknown as { __scrollStart: number }).__scrollStart = window.scrollY));
    },
    // Any move down: a smooth scroll (CSS, before the code) moves 2 px in its first frame and 11 px in its second
    // on the phone profile, and nothing else scrolls a page at its top.
    works: (page) => page.evaluate(() => window.scrollY > (window as unknown as { __scrollStart: number }).__scrollStart),
  },
  {
    name: "multi-select",
    control: (page) => page.getByRole("button", { name: new RegExp(`^${contactForm.labels.sectors} `) }),
    works: (_page, control) => opensItsPanel(control),
  },
  {
    name: "newsletter submit, empty",
    control: (page) => footerForm(page).getByRole("button", { name: newsletterCopy.submit }),
    works: async (page) => (await statusText(footerForm(page))) === newsletterCopy.error,
    byBrowser: (page) => stoppedByBrowser(footerForm(page)),
  },
  {
    name: "newsletter submit, valid",
    control: (page) => footerForm(page).getByRole("button").first(),
    prepare: async (page) => {
      await footerForm(page).getByLabel(newsletterCopy.emailLabel).fill("first-tap@example.co.uk");
    },
    works: async (page) =>
      (await footerForm(page).getByRole("button").first().textContent())?.trim() === newsletterCopy.submitting ||
      (await statusText(footerForm(page))) === newsletterCopy.success,
    postsNatively: true,
  },
  {
    name: "contact submit, empty",
    control: (page) => contactFormOf(page).getByRole("button", { name: contactForm.submit }),
    works: async (page) => (await statusText(contactFormOf(page))) === contactForm.error,
    byBrowser: (page) => stoppedByBrowser(contactFormOf(page)),
  },
  {
    name: "back-to-top",
    control: (page) => page.getByRole("link", { name: layoutCopy.backToTop }),
    prepare: async (page) => {
      // At once, as a fling ends before the finger comes back: a page with an in-page link scrolls smoothly by CSS.
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
      await page.evaluate(() => ((window as unknown as { __scrollStart: number }).__scrollStart = window.scrollY));
    },
    // Any move up: before the code, a page whose CSS scrolls smoothly moves a few pixels in the first frames.
    works: (page) => page.evaluate(() => window.scrollY < (window as unknown as { __scrollStart: number }).__scrollStart),
  },
  {
    name: "banner button",
    notices: true,
    control: (page) => page.locator("[data-notice='cookie']").getByRole("button").first(),
    works: async (page) => !(await page.locator("[data-notice='cookie']").isVisible()),
  },
  {
    name: "content protection paste",
    control: (page) => page.getByRole("main").locator("p").first(),
    press: "ControlOrMeta+V",
    works: (page) => page.evaluate(() => (window as unknown as { __pasteBlocked?: boolean }).__pasteBlocked === true),
  },
];

/**
 * Where the control sits once it has stopped moving: on a page whose CSS scrolls smoothly, bringing it into
 * the screen is an animation, and a finger lands where the control has come to rest (at most 1 s).
 */
async function settledBox(page: Page, control: Locator) {
  let box = await control.boundingBox();
  for (let frame = 0; frame < 30; frame += 1) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const next = await control.boundingBox();
    if (next && box && next.x === box.x && next.y === box.y) return next;
    box = next;
  }
  return box;
}

/** One Event Timing entry, as the page saw it. */
interface EventTiming {
  name: string;
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
  interactionId: number;
}

/** Recorded in every page before its own scripts: the first paint, each tap's time, whether a paste was refused, and every Event Timing entry. */
function instrument() {
  const record = window as unknown as { __taps: number[]; __pasteBlocked?: boolean; __pastes: number; __events: EventTiming[]; __defined: Record<string, number> };
  record.__taps = [];
  record.__defined = {};
  for (const tag of ["slide-carousel"]) void customElements.whenDefined(tag).then(() => (record.__defined[tag] = performance.now()));
  record.__pastes = 0;
  record.__events = [];
  // 16 ms is the smallest threshold the API allows: a shorter event is below any figure worth a row.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      const { name, startTime, processingStart, processingEnd, duration, interactionId } = entry;
      record.__events.push({ name, startTime, processingStart, processingEnd, duration, interactionId });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  addEventListener("pointerdown", (event) => record.__taps.push(event.timeStamp), true);
  addEventListener("keydown", (event) => {
    if (!["Control", "Meta", "Shift", "Alt"].includes(event.key)) record.__taps.push(event.timeStamp);
  }, true);
  // On window, bubbling: after every handler of the page has had its say.
  addEventListener("paste", (event) => {
    record.__pastes += 1;
    record.__pasteBlocked = event.defaultPrevented;
  });
}

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: phone.cpuSlowdown });
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: phone.rttMs,
    downloadThroughput: phone.downBitsPerSecond / 8,
    uploadThroughput: phone.upBitsPerSecond / 8,
  });
}

async function newPage(browser: Browser, kind: Kind) {
  const context = await browser.newContext(
    kind.desktop ? { viewport: { width: 1280, height: 800 } } : { ...devices["Pixel 7"], viewport: phone.viewport },
  );
  if (!kind.notices) {
    await context.addInitScript(() => {
      localStorage.setItem("cookiesAccepted", "true");
      localStorage.setItem("disclaimerAccepted", "true");
    });
  }
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await throttle(context, page);
  return { context, page };
}

/** Which kinds of control a route has, once it has loaded (unthrottled). */
async function kindsOn(browser: Browser, origin: string, route: string): Promise<Kind[]> {
  const found: Kind[] = [];
  for (const desktop of [false, true]) {
    const context = await browser.newContext(desktop ? { viewport: { width: 1280, height: 800 } } : { ...devices["Pixel 7"], viewport: phone.viewport });
    const page = await context.newPage();
    await page.goto(`${origin}${route}`);
    await waitForHydration(page);
    for (const kind of KINDS.filter((item) => !!item.desktop === desktop)) {
      if (kind.name === "back-to-top") {
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
        await sleep(300);
      }
      if ((await kind.control(page).count()) > 0) found.push(kind);
    }
    await context.close();
  }
  return found;
}

const pageTime = (page: Page) => page.evaluate(() => performance.now());

interface Measured {
  firstPaint: number;
  visibleAt?: number;
  firstTap?: number;
  workedAt?: number;
  how: string;
  answeredAt?: number;
  outcomeMs?: number;
  timing?: ReturnType<typeof interactionTiming>;
  lost: number;
  requests: number;
  /** When the control's custom element was defined (page time): a press before then is lost. */
  defined?: number;
}

const ms = (value: number | undefined) => (value === undefined ? "–" : Math.round(value));
const seconds = (value: number | undefined) => (value === undefined ? "–" : (value / 1000).toFixed(2));

/** One row of the table (times in page time from navigation start). */
function row(route: string, kind: Kind, m: Measured): Row {
  return {
    route,
    control: kind.name,
    "first paint s": seconds(m.firstPaint),
    "visible s": seconds(m.visibleAt),
    "first tap s": seconds(m.firstTap),
    "first tap that works s": seconds(m.workedAt),
    "dead window ms": m.workedAt !== undefined && m.firstTap !== undefined ? Math.round(m.workedAt - m.firstTap) : "–",
    how: m.how,
    "outcome shown s": seconds(m.answeredAt),
    "touch to outcome ms": ms(m.outcomeMs),
    "input delay ms": ms(m.timing?.inputDelay),
    "processing ms": ms(m.timing?.processing),
    "presentation ms": ms(m.timing?.presentation),
    "taps lost": m.lost,
    requests: m.requests,
    // From the first paint to the control's code: the window in which a press on it does nothing.
    "code from paint ms": m.defined === undefined ? "–" : Math.round(m.defined - m.firstPaint),
  };
}

async function measure(browser: Browser, origin: string, route: string, kind: Kind): Promise<Row> {
  const { context, page } = await newPage(browser, kind);
  let requests = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/contactus") requests += 1;
  });
  // A native post leaves the page for the one the server sends the browser to: seen as its request starts.
  let postedAt: number | undefined;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame() && request.method() === "POST") postedAt ??= Date.now();
  });
  // A tap that took the visitor to another page (a link under the finger instead of the control).
  let leftFor: string | undefined;
  page.on("framenavigated", (frame) => {
    const path = new URL(frame.url()).pathname;
    if (frame === page.mainFrame() && path !== route) leftFor ??= path;
  });
  try {
    await page.goto(`${origin}${route}`, { waitUntil: "commit" });
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, { polling: 10, timeout: GIVE_UP_MS });
    const firstPaint = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0);
    const control = kind.control(page);
    await kind.prepare?.(page);

    let taps = 0;
    let lost = 0;
    let how = "never";
    let workedAt: number | undefined;
    let answeredAt: number | undefined;
    let visibleAt: number | undefined;
    /** The wall clock at each tap, and the native post's page's first paint on it. */
    const tapWalls: number[] = [];
    let nativeOutcomeMs: number | undefined;
    let defined: number | undefined;
    const start = Date.now();
    for (let poll = 0; Date.now() - start < GIVE_UP_MS; poll += 1) {
      await sleep(start + poll * POLL_MS - Date.now());
      // A previous tap answered late, with no tap since: it worked.
      if (taps > 0 && (await kind.works(page, control))) {
        how = "answered late";
        lost -= 1;
        answeredAt = await pageTime(page);
        break;
      }
      if (!kind.press && !(await control.isVisible())) continue;
      visibleAt ??= await pageTime(page);
      tapWalls.push(Date.now());
      if (kind.press) {
        await page.keyboard.press(kind.press);
      } else {
        // A tap lands where the visitor sees the control: bring it into the screen first, as they would.
        await control.scrollIntoViewIfNeeded();
        const box = await settledBox(page, control);
        if (!box) continue;
        const x = box.x + box.width / 2;
        const y = box.y + box.height / 2;
        if (kind.desktop) await page.mouse.click(x, y);
        else await page.touchscreen.tap(x, y);
      }
      taps += 1;
      if (kind.postsNatively) await sleep(POLL_MS);
      // The page may be leaving while it is read: a native post whose request starts late, or a link.
      let leaving = postedAt !== undefined;
      if (!leaving) {
        try {
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          if (await kind.works(page, control)) {
            how = "at once";
            answeredAt = await pageTime(page);
            break;
          }
          if (await kind.byBrowser?.(page)) {
            how = "by the browser";
            answeredAt = await pageTime(page);
            break;
          }
        } catch (error) {
          if (!/Execution context was destroyed|navigat/i.test(String(error))) throw error;
          leaving = true;
        }
      }
      // The post's request, or the new page's commit, is seen within 2 s of the old page going.
      for (let wait = 0; leaving && postedAt === undefined && leftFor === undefined && wait < 40; wait += 1) await sleep(POLL_MS);
      if (leaving && postedAt === undefined && leftFor !== undefined) {
        how = `left for ${leftFor}`;
        lost = taps;
        break;
      }
      if (postedAt !== undefined) {
        how = "posted natively";
        // The server's page: its first paint, on the wall clock, from the touch.
        await page.waitForURL((url) => url.pathname !== route, { waitUntil: "commit", timeout: GIVE_UP_MS });
        await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, { polling: 10, timeout: GIVE_UP_MS });
        const paintedWall = await page.evaluate(() => performance.timeOrigin + (performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0));
        // The tap that posted is the last one before the post's request: a later one found the page leaving.
        const posted = tapWalls.filter((wall) => wall <= postedAt!).length - 1;
        nativeOutcomeMs = paintedWall - (tapWalls[Math.max(0, posted)] ?? paintedWall);
        lost = Math.max(0, posted);
        break;
      }
      lost += 1;
    }
    if (how === "posted natively" || how.startsWith("left for")) {
      // The page that held the taps is gone: its clock and its entries with it.
      await sleep(500);
      return row(route, kind, { firstPaint, visibleAt, how, outcomeMs: nativeOutcomeMs, lost, requests });
    }
    const tapTimes = await page.evaluate(() => (window as unknown as { __taps: number[] }).__taps);
    if (kind.element) defined = await page.evaluate((tag) => (window as unknown as { __defined: Record<string, number> }).__defined[tag], kind.element);
    if (how !== "never") workedAt = tapTimes[lost] ?? tapTimes.at(-1);
    else lost = taps;
    // Let a late submission reach the network before counting requests (and the last entries arrive).
    await sleep(500);
    const timing = workedAt === undefined ? undefined : interactionTiming(await page.evaluate(() => (window as unknown as { __events: EventTiming[] }).__events), workedAt);
    const outcomeMs =
      workedAt === undefined || answeredAt === undefined ? undefined : how !== "answered late" && timing ? timing.end - workedAt : answeredAt - workedAt;
    const firstTap = tapTimes[0];
    return row(route, kind, {
      firstPaint,
      visibleAt,
      firstTap,
      workedAt,
      how,
      answeredAt,
      outcomeMs,
      timing,
      lost,
      requests,
      defined,
    });
  } finally {
    await context.close();
  }
}

/**
 * The Event Timing figures of the interaction that began with the touch at
 * `touch` (page time): its longest entry (pointerdown, pointerup, click or a
 * key), split as INP is: input delay, processing, presentation; `end` is when
 * the frame after it was presented. Undefined when every entry was under 16 ms.
 */
export function interactionTiming(entries: readonly EventTiming[], touch: number) {
  const mine = entries.filter((entry) => entry.interactionId > 0 && entry.startTime >= touch - 1 && entry.startTime < touch + 1_000);
  const first = mine.find((entry) => entry.startTime <= touch + 1);
  const ours = first ? mine.filter((entry) => entry.interactionId === first.interactionId) : mine;
  const longest = ours.reduce<EventTiming | undefined>((best, entry) => (!best || entry.duration > best.duration ? entry : best), undefined);
  if (!longest) return undefined;
  return {
    inputDelay: longest.processingStart - longest.startTime,
    processing: longest.processingEnd - longest.processingStart,
    presentation: longest.startTime + longest.duration - longest.processingEnd,
    end: Math.max(...ours.map((entry) => entry.startTime + entry.duration)),
  };
}

function errorRow(route: string, kind: Kind, error: unknown): Row {
  const message = (error instanceof Error ? error.message : String(error)).split("\n")[0]!;
  console.error(`first-tap: ${route} ${kind.name}: ${message}`);
  return { route, control: kind.name, how: `not measured: ${message}` };
}

export async function runFirstTap({ routes = option("routes")?.split(",") ?? lastBuild().listed, port = Number(option("port") ?? ports.firstTap) } = {}) {
  const server = await startSiteServer(port);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  const origin = `http://127.0.0.1:${port}`;
  const rows: Row[] = [];
  try {
    for (const route of routes) {
      for (const kind of await kindsOn(browser, origin, route)) {
        // One control the harness could not measure is a row that says so, not the end of the table.
        rows.push(await measure(browser, origin, route, kind).catch((error: unknown) => errorRow(route, kind, error)));
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  report(
    "first-tap",
    `First tap from the first paint: Pixel 7 412x915, ${phone.cpuSlowdown}x CPU slowdown, ${phone.rttMs} ms RTT, ${phone.downBitsPerSecond / 1e6} Mbit/s (dropdowns at 1280x800); a tap every ${POLL_MS} ms until one works (targets: 0 taps lost, 0 ms dead window, at most 1 request, touch to outcome <= ${OUTCOME_TARGET_MS} ms)`,
    rows,
    { phone, pollMs: POLL_MS, outcomeTargetMs: OUTCOME_TARGET_MS },
  );
  return rows;
}

if (isMain(import.meta.url)) await runFirstTap();
