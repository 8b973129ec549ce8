// `npm run screenshots`: a full-page PNG of every page in the sitemap (the last build's list, contract/built-pages.ts), plus an
// unknown path (the not-found page), at phone (390×844) and desktop (1280×800)
// sizes, banners dismissed as for a returning visitor, into bench/screenshots/.
// Uses the current build (run `npm run build` first) served by the real server.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./chromium";
import { lastBuild } from "../contract/built-pages";
import { benchDir, ports, startSiteServer } from "../bench/lib";

const outDir = path.join(benchDir, "screenshots");
const viewports = [
  { name: "phone", width: 390, height: 844, isMobile: true },
  { name: "desktop", width: 1280, height: 800, isMobile: false },
];
const routes = [...lastBuild().listed, "/this-page-does-not-exist"];

mkdirSync(outDir, { recursive: true });
const server = await startSiteServer(ports.screenshots);
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
try {
  for (const viewport of viewports) {
    // Reduced motion: the hero shows its poster, so every run gives the same picture.
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      isMobile: viewport.isMobile,
      hasTouch: viewport.isMobile,
      deviceScaleFactor: 1,
      reducedMotion: "reduce",
    });
    await context.addInitScript(() => {
      window.localStorage.setItem("cookiesAccepted", "true");
      window.localStorage.setItem("disclaimerAccepted", "true");
    });
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(`http://127.0.0.1:${ports.screenshots}${route}`, { waitUntil: "networkidle" });
      const name = route === "/" ? "home" : route.slice(1).replace(/[^\w-]+/g, "_");
      const file = path.join(outDir, `${name}-${viewport.name}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
      console.log(path.relative(process.cwd(), file));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
