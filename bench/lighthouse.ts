// Part a: Lighthouse 13 (mobile preset) on every page in the sitemap (the last build's list, contract/built-pages.ts), served by
// our real server from the build. Median of 3 runs per route (--quick: 1).
// Run alone: node --import tsx bench/lighthouse.ts [--quick] [--routes /,/about] [--port 4300] [--site-dir ../old/build/client]
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { lastBuild } from "../contract/built-pages";
import { chromiumArgs, chromiumPath } from "../scripts/chromium";
import { flag, isMain, median, option, ports, report, root, startSiteServer, tmpDir, type Row } from "./lib";

/** The flags Debian's Chromium needs on these machines, headless (without the background-networking ones it stalls on a closed network). */
const chromeFlags = ["--headless=new", ...chromiumArgs].join(" ");

const targets = { score: 100, lcpMs: 1500, tbtMs: 50, cls: 0.02 };

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Lighthouse's measure of the host CPU (its BenchmarkIndex; higher is faster): simulated task times follow it. */
  cpuIndex: number;
  lcpElement: string;
}

function lighthouseOnce(url: string, outFile: string): Promise<Run> {
  // A run that dies before writing must not be read as an earlier attempt's report.
  rmSync(outFile, { force: true });
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, "node_modules/.bin/lighthouse"),
      [url, "--quiet", "--output=json", `--output-path=${outFile}`, `--chrome-flags=${chromeFlags}`, "--max-wait-for-load=45000"],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? chromiumPath }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      try {
        const lhr = JSON.parse(readFileSync(outFile, "utf8"));
        if (lhr.runtimeError) return reject(new LighthouseRuntimeError(`${url}: ${lhr.runtimeError.message}`));
        const score = (key: string) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
        const value = (key: string) => Number(lhr.audits[key]?.numericValue ?? NaN);
        resolve({
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          fcp: value("first-contentful-paint"),
          lcp: value("largest-contentful-paint"),
          tbt: value("total-blocking-time"),
          cls: value("cumulative-layout-shift"),
          si: value("speed-index"),
          cpuIndex: Number(lhr.environment?.benchmarkIndex ?? NaN),
          lcpElement: lcpElementLabel(lhr).slice(0, 40),
        });
      } catch (error) {
        reject(new Error(`lighthouse exited ${code} for ${url}: ${(error as Error).message}\n${stderr.slice(-1000)}`));
      }
    });
  });
}

/**
 * The LCP element's label. Lighthouse 13 names it in the LCP breakdown insight, a list of the
 * breakdown's table and the element's node (its largest-contentful-paint-element audit is gone).
 */
function lcpElementLabel(lhr: { audits: Record<string, { details?: { items?: { type?: string; nodeLabel?: string }[] } }> }): string {
  const node = lhr.audits["lcp-breakdown-insight"]?.details?.items?.find((item) => item.type === "node");
  return String(node?.nodeLabel ?? "");
}

/** Lighthouse's own "please run Lighthouse again" failures (NO_NAVSTART, NO_FCP…): the trace, not the page. */
class LighthouseRuntimeError extends Error {}

const attemptsPerRun = 3;

/** One run, tried again (up to attemptsPerRun in all) when Lighthouse itself failed to record it. */
async function lighthouseRun(url: string, outFile: string): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, outFile);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= attemptsPerRun) throw error;
      console.log(`lighthouse: ${(error as Error).message}; trying again (${attempt + 1} of ${attemptsPerRun})`);
    }
  }
}

export async function runLighthouse({
  quick = flag("quick"),
  routes = option("routes")?.split(",") ?? lastBuild().listed,
  port = Number(option("port") ?? ports.site),
  // Another build's site folder (an older commit's build/client), served by this server and measured by this
  // Lighthouse: a before-and-after with one tool, since the tool's own version moves its figures.
  siteDir = option("site-dir"),
} = {}) {
  const runs = quick ? 1 : 3;
  const outDir = path.join(tmpDir, "lighthouse");
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const server = await startSiteServer(port, siteDir ? { SITE_DIR: path.resolve(siteDir) } : {});
  const rows: Row[] = [];
  const raw: Record<string, Run[]> = {};
  try {
    for (const route of routes) {
      const results: Run[] = [];
      for (let index = 0; index < runs; index += 1) {
        const file = path.join(outDir, `${route.replace(/\W+/g, "_") || "home"}-${index}.json`);
        results.push(await lighthouseRun(`http://127.0.0.1:${port}${route}`, file));
      }
      raw[route] = results;
      const m = (key: keyof Omit<Run, "lcpElement">) => median(results.map((run) => run[key]));
      const ok =
        [m("performance"), m("accessibility"), m("bestPractices"), m("seo")].every((score) => score >= targets.score) &&
        m("lcp") <= targets.lcpMs &&
        m("tbt") <= targets.tbtMs &&
        m("cls") <= targets.cls;
      rows.push({
        route,
        perf: m("performance"),
        a11y: m("accessibility"),
        "best pr.": m("bestPractices"),
        seo: m("seo"),
        "FCP s": (m("fcp") / 1000).toFixed(2),
        "LCP s": (m("lcp") / 1000).toFixed(2),
        "TBT ms": Math.round(m("tbt")),
        // Every run's, since TBT swings from run to run on two shared cores (bench/docs/pages.md, part a).
        "TBT runs": results.map((run) => Math.round(run.tbt)).join(" "),
        CLS: m("cls").toFixed(3),
        "SI s": (m("si") / 1000).toFixed(2),
        "CPU index": Math.round(m("cpuIndex")),
        "LCP element": results[0]?.lcpElement ?? "",
        target: ok ? "met" : "MISSED",
      });
    }
  } finally {
    await server.stop();
  }
  report("lighthouse", `Lighthouse 13 mobile${siteDir ? ` on ${siteDir}` : ""}, median of ${runs} run(s) per route (targets: 100 ×4, LCP ≤ 1.5 s, TBT ≤ 50 ms, CLS ≤ 0.02)`, rows, {
    runs,
    targets,
    raw,
  });
  return rows;
}

if (isMain(import.meta.url)) await runLighthouse();
