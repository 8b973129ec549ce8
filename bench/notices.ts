// Part "notices": what the cookie notice and the disclaimer take from a
// first-time visitor's first screen, on every route and three viewports,
// measured in Chromium once the disclaimer has filled in (e2e/notice-coverage.ts,
// the same measure the browser tests assert). A second, smaller table measures
// the alternative the decision record weighs (docs/adr/0008-notices-placement.md):
// the same notices stacked in a region fixed to the bottom of the screen.
//   node --import tsx bench/notices.ts
import { chromium, type Browser } from "@playwright/test";
import { paths } from "../app/data/paths";
import { lastBuild } from "../contract/built-pages";
import { MAX_NOTICE_SHARE, measureNoticeCoverage, noticeLabels, noticeViewports, paintRecord, recordPaint, shiftedByNotices } from "../e2e/notice-coverage";
import { chromiumArgs, chromiumPath } from "../scripts/chromium";
import { formatTable, isMain, ports, report, startSiteServer, type Row } from "./lib";

/** The alternative placement, applied over the shipped markup: both notices in one region fixed to the bottom. */
const fixedBottomCss = ".notices { position: fixed; inset-inline: 0; bottom: 0; z-index: 50; margin-top: 0; box-shadow: 0 -4px 16px rgb(0 0 0 / 0.15); }";

async function measure(browser: Browser, origin: string, route: string, viewport: { width: number; height: number }, css?: string): Promise<Row> {
  // The alternative's stylesheet is injected, which the page's CSP would refuse.
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, bypassCSP: css !== undefined });
  const page = await context.newPage();
  try {
    await recordPaint(page);
    await page.goto(`${origin}${route}`);
    if (css) await page.addStyleTag({ content: css });
    // The disclaimer fills in 1 s after load: measure once it has, as the visitor sees it.
    await page.getByRole("region", { name: noticeLabels[1] }).waitFor({ state: "visible" });
    const coverage = await measureNoticeCoverage(page);
    const { shift, shifted } = await paintRecord(page);
    const covered = coverage.covered.headings.length + coverage.covered.ctas.length + coverage.covered.fields.length;
    const met = covered === 0 && !coverage.headingOffScreen && coverage.share <= MAX_NOTICE_SHARE && (css !== undefined || shiftedByNotices(shifted).length === 0);
    return {
      view: `${viewport.width}x${viewport.height}`,
      route,
      "share covered": `${(coverage.share * 100).toFixed(1)}%`,
      "heading covered": coverage.covered.headings.length,
      "CTAs covered": `${coverage.covered.ctas.length} of ${coverage.ctas.length}`,
      "fields covered": `${coverage.covered.fields.length} of ${coverage.fields.length}`,
      "h1 in first screen": coverage.headingOffScreen ? "no" : "yes",
      // Shifts are part of the design only in place; the alternative's stylesheet arrives after load, so its own shift means nothing.
      CLS: css ? "n/a" : shift.toFixed(4),
      shifted: css ? "" : [...new Set(shifted)].join(" "),
      target: met ? "met" : "MISSED",
    };
  } finally {
    await context.close();
  }
}

export async function runNotices({ routes = lastBuild().listed } = {}) {
  const server = await startSiteServer(ports.site);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  const origin = `http://127.0.0.1:${ports.site}`;
  const rows: Row[] = [];
  const alternative: Row[] = [];
  try {
    for (const viewport of Object.values(noticeViewports)) {
      for (const route of routes) rows.push(await measure(browser, origin, route, viewport));
    }
    for (const viewport of Object.values(noticeViewports)) {
      for (const route of [paths.home, paths.agencies, paths.contact]) alternative.push(await measure(browser, origin, route, viewport, fixedBottomCss));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  report("notices", "Notices on a first visit, in the page flow (targets: 0 headings, CTAs or fields covered; at most 15% of the first screen; nothing below them shifts: CLS is the page's whole, header included)", rows, {
    alternative: { placement: "fixed to the bottom of the screen", css: fixedBottomCss, rows: alternative },
  });
  console.log(formatTable("Alternative weighed, not shipped: the same notices fixed to the bottom of the screen", alternative));
  return rows;
}

if (isMain(import.meta.url)) await runNotices();
