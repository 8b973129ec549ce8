// Part "publish": the time from the owner's "Publish" to the new page being
// served, on a throw-away copy of the repository (scripts/content-sandbox.ts),
// while a visitor loop keeps asking for the home page to show that the swap
// drops no request.
//   node --import tsx bench/publish.ts [--runs 3]   (or npm run bench -- --only publish)
import { readFileSync } from "node:fs";
import path from "node:path";
import { contentEndpoints } from "../contract/content-editor";
import { startContentSandbox } from "../scripts/content-sandbox";
import { isMain, median, option, report, sleep, type Row } from "./lib";

/** Loopback port of this part's server (the content editor's range). */
const PORT = 4262;
const POLL_MS = 50;

export async function runPublish() {
  const runs = Number(option("runs") ?? 3);
  const sandbox = await startContentSandbox({ port: PORT });
  const url = (pathname: string) => `${sandbox.baseURL}${pathname}`;
  try {
    const cookie = await sandbox.editorCookie();
    const rows: Row[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const headline = `Published by the bench, run ${run} (${Date.now().toString(36)})`;
      // What the editor's Save sends: the whole file.
      const original = readFileSync(path.join(sandbox.dir, "content/home/hero.yaml"), "utf8");
      const edited = original.replace(/^headline: .*$/m, `headline: ${headline}`);
      const saved = await fetch(url("/api/keystatic/update"), {
        method: "POST",
        headers: { cookie, "no-cors": "1", "content-type": "application/json" },
        body: JSON.stringify({ additions: [{ path: "content/home/hero.yaml", contents: Buffer.from(edited).toString("base64url") }], deletions: [] }),
      });
      if (!saved.ok) throw new Error(`saving failed: HTTP ${saved.status}`);

      // Visitors meanwhile: one request after another to the home page.
      let visiting = true;
      let served = 0;
      let failed = 0;
      const visitors = (async () => {
        while (visiting) {
          const response = await fetch(url("/")).catch(() => undefined);
          if (response?.status === 200) served += 1;
          else failed += 1;
          await response?.arrayBuffer();
        }
      })();

      const started = performance.now();
      const publish = await fetch(url(contentEndpoints.publish), { method: "POST", headers: { cookie } });
      if (publish.status !== 202) throw new Error(`publish refused: HTTP ${publish.status}`);
      let live = 0;
      for (;;) {
        const html = await (await fetch(url("/"))).text();
        if (html.includes(headline)) {
          live = performance.now() - started;
          break;
        }
        const status = (await (await fetch(url(contentEndpoints.status), { headers: { cookie } })).json()) as { state: string; error?: { message: string } };
        if (status.state === "idle" && status.error) throw new Error(`the build failed: ${status.error.message}`);
        await sleep(POLL_MS);
      }
      visiting = false;
      await visitors;
      const status = (await (await fetch(url(contentEndpoints.status), { headers: { cookie } })).json()) as { published?: { durationMs: number } };
      rows.push({
        run,
        "publish → new page served (s)": (live / 1000).toFixed(1),
        "of which build + swap (s)": ((status.published?.durationMs ?? 0) / 1000).toFixed(1),
        "home page requests meanwhile": served,
        "failed": failed,
      });
    }
    const times = rows.map((row) => Number(row["publish → new page served (s)"]));
    rows.push({ run: "median", "publish → new page served (s)": median(times).toFixed(1), "of which build + swap (s)": "", "home page requests meanwhile": "", failed: "" });
    report("publish", "Publish: from the owner's Publish to the new home page being served", rows, { runs });
  } finally {
    await sandbox.close();
  }
}

if (isMain(import.meta.url)) await runPublish();
