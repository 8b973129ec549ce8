// Part "publish-crash": the publish crash drill. On a throw-away copy of the
// repository (scripts/content-sandbox.ts) with DATA_DIR in the system's
// temporary folder, apart from the checkout (as on a deployed server), the
// server is killed (SIGKILL to its whole process group, the build too) at 20
// points of a publish: before Publish is pressed, six times while the build
// runs, and at each step of the publisher (PUBLISH_STEPS: after the snapshot,
// the journal, the export, the build, the move, the load, the commit, the
// index, the release record, the swap, the notice, the journal's removal, the
// pruning). After each kill the server starts again and the drill checks that
// the served home page, the git history, the release record and the drafts
// agree, and that the owner's last edit is still on disk.
//   node --import tsx bench/publish-crash.ts   (or npm run bench -- --only publish-crash)
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { contentEndpoints } from "../contract/content-editor";
import { editorCookie, makeSandboxCopy } from "../scripts/content-sandbox";
import { PUBLISH_STEPS } from "../server/editor/publisher";
import { isMain, median, report, sleep, type Row } from "./lib";

const PASSWORD = "crash-drill-admin-password";
/** Seconds after the build folder appears at which the timed kills land (a real build takes about 7 to 30 s here). */
const DURING_BUILD_S = [0.5, 2, 4, 6, 9, 12];

type Point = { name: string; kind: "before" } | { name: string; kind: "during"; afterMs: number } | { name: string; kind: "step"; step: string };

const points: Point[] = [
  { name: "before Publish", kind: "before" },
  ...DURING_BUILD_S.map((seconds) => ({ name: `build running +${seconds}s`, kind: "during" as const, afterMs: seconds * 1000 })),
  ...PUBLISH_STEPS.map((step) => ({ name: `after ${step}`, kind: "step" as const, step })),
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function runPublishCrash() {
  const dir = makeSandboxCopy({ editor: false });
  const dataDir = mkdtempSync(path.join(tmpdir(), "publish-crash-data-"));
  const releases = path.join(dataDir, "site-releases");
  const hero = path.join(dir, "content", "home", "hero.yaml");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" }).trim();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;

  const start = async (crashAtStep?: string) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(dir, "bench", "publish-crash-server.ts")], {
      cwd: dir,
      // Its own process group: a kill takes the build with it, as systemd's does.
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SITE_DIR: path.join(dir, "build", "client"),
        LOG_LEVEL: "warn",
        ADMIN_PASSWORD: PASSWORD,
        ADMIN_SIGNIN_MAX: "10000",
        CONTENT_EDITOR: "on",
        SITE_SOURCE_DIR: dir,
        PUBLIC_SITE_URL: base,
        ANALYTICS: "off",
        ...(crashAtStep ? { CRASH_AT_STEP: crashAtStep } : {}),
      },
    });
    const began = performance.now();
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error("the drill's server exited while starting");
      const ok = await fetch(`${base}/healthz`).then((response) => response.ok).catch(() => false);
      if (ok) break;
      await sleep(100);
    }
    server = child;
    return { cookie: await editorCookie(base, dataDir), startMs: performance.now() - began };
  };
  const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", resolve)));
  const kill = async () => {
    if (!server) return;
    const child = server;
    server = undefined;
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Gone already.
    }
    await exited(child);
  };
  const headline = (text: string) => /^headline: (.*)$/m.exec(text)?.[1] ?? "";

  const rows: Row[] = [];
  const restarts: number[] = [];
  try {
    for (const [index, point] of points.entries()) {
      const { cookie } = await start(point.kind === "step" ? point.step : undefined);
      const edit = `Crash drill ${index + 1} ${Date.now().toString(36)}`;
      const saved = await fetch(`${base}/api/keystatic/update`, {
        method: "POST",
        headers: { cookie, "no-cors": "1", "content-type": "application/json" },
        body: JSON.stringify({ additions: [{ path: "content/home/hero.yaml", contents: Buffer.from(readFileSync(hero, "utf8").replace(/^headline: .*$/m, `headline: ${edit}`)).toString("base64url") }], deletions: [] }),
      });
      if (!saved.ok) throw new Error(`saving failed: HTTP ${saved.status}`);
      const child = server!;
      let killedWhile = point.kind === "step" ? `at ${point.step}` : "before Publish";
      if (point.kind === "before") {
        await kill();
      } else {
        const publish = await fetch(`${base}${contentEndpoints.publish}`, { method: "POST", headers: { cookie } });
        if (publish.status !== 202) throw new Error(`publish refused: HTTP ${publish.status}`);
        if (point.kind === "during") {
          while (!(existsSync(releases) && readdirSync(releases).some((name) => name.startsWith("build-")))) await sleep(20);
          await sleep(point.afterMs);
          // What the kill interrupts: the build still running, or a publish already over.
          const before = (await (await fetch(`${base}${contentEndpoints.status}`, { headers: { cookie } })).json()) as { state: string; error?: { message: string } };
          await kill();
          if (before.error) throw new Error(`the publish failed before the kill: ${before.error.message}`);
          killedWhile = before.state === "building" ? "building" : "publish over";
        } else {
          // The armed fault kills the server at its step; a publish that ends first (a failed build) is a drill failure.
          const deadline = Date.now() + 10 * 60_000;
          for (let tick = 1; child.exitCode === null && child.signalCode === null && Date.now() < deadline; tick += 1) {
            await sleep(50);
            if (tick % 20 !== 0) continue;
            const status = (await fetch(`${base}${contentEndpoints.status}`, { headers: { cookie } })
              .then((response) => response.json())
              .catch(() => ({ state: "building" }))) as { state: string; error?: { message: string } };
            if (status.state === "idle" && status.error) throw new Error(`the publish failed before ${point.step}: ${status.error.message}`);
          }
          if (child.signalCode !== "SIGKILL") throw new Error(`the server was not killed at ${point.name}`);
          server = undefined;
        }
      }

      const restart = await start();
      restarts.push(restart.startMs);
      const status = (await (await fetch(`${base}${contentEndpoints.status}`, { headers: { cookie: restart.cookie } })).json()) as { drafts: string[]; published?: { commit: string } };
      const home = await (await fetch(`${base}/`)).text();
      const committed = headline(git("show", "HEAD:content/home/hero.yaml"));
      const onDisk = headline(readFileSync(hero, "utf8"));
      const published = committed === edit;
      const checks = {
        "served = HEAD": home.includes(committed),
        "record = HEAD": status.published === undefined ? git("rev-list", "--count", "HEAD") === "1" : status.published.commit === git("rev-parse", "--short", "HEAD"),
        "edit kept": onDisk === edit,
        "drafts right": published ? !status.drafts.includes("content/home/hero.yaml") : status.drafts.includes("content/home/hero.yaml"),
        "nothing half-done": !existsSync(path.join(releases, "publishing.json")) && !(existsSync(releases) && readdirSync(releases).some((name) => name.startsWith("build-"))),
      };
      rows.push({
        point: `${index + 1}. ${point.name}`,
        "killed while": killedWhile,
        after: published ? "new site, its commit" : "old site, edit a draft",
        ...Object.fromEntries(Object.entries(checks).map(([name, ok]) => [name, ok ? "yes" : "NO"])),
        "restart (s)": (restart.startMs / 1000).toFixed(1),
      });
      console.log(`${index + 1}/${points.length} ${point.name}: ${published ? "new" : "old"} ${Object.values(checks).every(Boolean) ? "ok" : "DISAGREE"}`);
      await kill();
    }
  } finally {
    await kill();
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  const agreed = rows.filter((row) => Object.values(row).every((value) => value !== "NO")).length;
  rows.push({ point: `agreed: ${agreed} of ${points.length}`, "killed while": "", after: "", "served = HEAD": "", "record = HEAD": "", "edit kept": "", "drafts right": "", "nothing half-done": "", "restart (s)": `median ${(median(restarts) / 1000).toFixed(1)}` });
  report("publish-crash", "Publish crash drill: killed at 20 points, restarted, checked", rows, { points: points.length, agreed });
  if (agreed !== points.length) throw new Error(`${points.length - agreed} of ${points.length} points left the site, history and drafts disagreeing`);
}

if (isMain(import.meta.url)) await runPublishCrash();
