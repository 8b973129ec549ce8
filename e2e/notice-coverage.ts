import type { Page } from "@playwright/test";
import { shellEntries } from "../app/data/shell.test-support";
import { DISCLAIMER_DUE_CLASS } from "../app/lib/notices-markup";

const siteExtrasCopy = shellEntries.notices;

// What the notices take from the first screen, measured as a visitor sees it:
// the rectangles of the notices that are showing, against the page's heading,
// the calls to action in the first screen (links and buttons drawn as buttons)
// and the form fields in it. Shared by e2e/notices.spec.ts and bench/notices.ts.

/** The most of the first screen the notices may take together. */
export const MAX_NOTICE_SHARE = 0.15;

/** The three viewports the notices are measured on: a phone (the project's phone project), a tablet, a laptop. */
export const noticeViewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1366, height: 800 },
} as const;

export const noticeLabels = [siteExtrasCopy.cookieBanner.label, siteExtrasCopy.disclaimerBanner.label] as const;

export interface NoticeCoverage {
  /** Share of the first screen the showing notices take (0–1). */
  share: number;
  /** Labels of the notices showing. */
  showing: string[];
  /** The first screen's heading, calls to action and fields, each named, and which of them a notice covers. */
  headings: string[];
  ctas: string[];
  fields: string[];
  covered: { headings: string[]; ctas: string[]; fields: string[] };
  /** The page's h1 is not inside the first screen at all (pushed below it). */
  headingOffScreen: boolean;
}

/** The bench runs under tsx, whose transform names functions with a __name() helper the page lacks. */
const nameHelper = "globalThis.__name ??= (fn) => fn";

/** Records, from before the first paint, every layout shift not caused by input and each notice the visitor sees, even for a frame. */
export async function recordPaint(page: Page) {
  await page.addInitScript(nameHelper);
  await page.addInitScript((dueClass) => {
    const record = { shift: 0, seen: [] as string[], shifted: [] as string[], moves: [] as string[] };
    (window as unknown as { __notices: typeof record }).__notices = record;
    const rect = (box: DOMRectReadOnly) => `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; startTime: number; hadRecentInput: boolean; sources?: Source[] }[]) {
        if (entry.hadRecentInput) continue;
        record.shift += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node;
          const where = node?.parentElement?.closest("header, main, footer")?.tagName.toLowerCase() ?? "page";
          record.shifted.push(`${node?.nodeName.toLowerCase() ?? "?"} in ${where}`);
          // What moved, where from and to, and when: enough to find the cause from a failed run's message alone.
          const words = (node?.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
          record.moves.push(
            `${node?.nodeName.toLowerCase() ?? "?"} "${words}" in ${where}, ${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms` +
              ` (disclaimer due: ${document.documentElement.classList.contains(dueClass)}): ${rect(source.previousRect)} -> ${rect(source.currentRect)}`,
          );
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
    const look = () => {
      for (const notice of document.querySelectorAll("section[aria-label]")) {
        const label = notice.getAttribute("aria-label") ?? "";
        if (!record.seen.includes(label) && notice.checkVisibility({ visibilityProperty: true })) record.seen.push(label);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, DISCLAIMER_DUE_CLASS);
}

/**
 * What recordPaint() has seen so far: the layout shift total (CLS's sum),
 * what shifted ("svg in header"), and the notices seen. The notices are at the
 * top of <main>, so a shift they caused moves something in main or the footer.
 */
export const shiftedByNotices = (shifted: string[]) => shifted.filter((source) => !source.endsWith(" in header"));

export interface PaintRecord {
  shift: number;
  seen: string[];
  shifted: string[];
  /** Each shifted node with its words, the shift's value and time, and its box before and after. */
  moves: string[];
}

export function paintRecord(page: Page): Promise<PaintRecord> {
  return page.evaluate(() => (window as unknown as { __notices: PaintRecord }).__notices);
}

/** Measures the page as it is now (scrolled to the top), once every notice showing has finished fading in. */
export async function measureNoticeCoverage(page: Page): Promise<NoticeCoverage> {
  await page.evaluate(nameHelper);
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-notice]")].every((notice) => {
      const style = getComputedStyle(notice);
      return style.display === "none" || (style.visibility === "visible" && style.opacity === "1");
    }),
  );
  return page.evaluate((labels) => {
    interface Box {
      left: number;
      top: number;
      right: number;
      bottom: number;
    }
    const screen: Box = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    const clip = (a: Box, b: Box): Box | null => {
      const box = { left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) };
      // Less than a pixel either way is a shared edge, not an overlap.
      return box.right - box.left >= 1 && box.bottom - box.top >= 1 ? box : null;
    };
    const area = (box: Box | null) => (box ? (box.right - box.left) * (box.bottom - box.top) : 0);
    const seen = (element: Element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && area(clip(element.getBoundingClientRect(), screen)) > 0;
    const name = (element: Element) =>
      (element.getAttribute("aria-label") ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent ?? element.tagName).replace(/\s+/g, " ").trim().slice(0, 60);

    const notices = labels
      .map((label) => document.querySelector(`[aria-label="${label}"]`))
      .filter((element): element is Element => element !== null && seen(element));
    const noticeBoxes = notices.map((element) => clip(element.getBoundingClientRect(), screen)).filter((box): box is Box => box !== null);
    // The notices never overlap each other, but count a shared part once if they ever do.
    const overlap = noticeBoxes.length === 2 ? area(clip(noticeBoxes[0]!, noticeBoxes[1]!)) : 0;
    const share = (noticeBoxes.reduce((sum, box) => sum + area(box), 0) - overlap) / area(screen);
    const inNotice = (element: Element) => notices.some((notice) => notice.contains(element));
    const isCovered = (element: Element) => {
      const box = clip(element.getBoundingClientRect(), screen);
      return box !== null && noticeBoxes.some((notice) => clip(box, notice) !== null);
    };

    const main = document.querySelector("main");
    const h1 = main?.querySelector("h1") ?? null;
    // A call to action is a link or button drawn as a button: its own background or border.
    const drawnAsButton = (element: Element) => {
      const style = getComputedStyle(element);
      const filled = style.backgroundColor !== "rgba(0, 0, 0, 0)" && style.backgroundColor !== "transparent";
      const bordered = parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== "none";
      return style.display !== "inline" && (filled || bordered);
    };
    // A form's own controls are its fields (the multi-selects are buttons that open a list), its submit button a call to action.
    const fieldSelector = "input:not([type=hidden]), select, textarea, form button[type=button]";
    const ctas = [...(main?.querySelectorAll("a[href], button") ?? [])].filter(
      (element) => !element.matches(fieldSelector) && !inNotice(element) && seen(element) && drawnAsButton(element),
    );
    const fields = [...(main?.querySelectorAll(fieldSelector) ?? [])].filter(
      (element) => !inNotice(element) && seen(element),
    );
    const headings = h1 && seen(h1) ? [h1] : [];
    return {
      share,
      showing: notices.map((element) => element.getAttribute("aria-label") ?? ""),
      headings: headings.map(name),
      ctas: ctas.map(name),
      fields: fields.map(name),
      covered: { headings: headings.filter(isCovered).map(name), ctas: ctas.filter(isCovered).map(name), fields: fields.filter(isCovered).map(name) },
      headingOffScreen: h1 !== null && !seen(h1),
    };
  }, noticeLabels);
}
