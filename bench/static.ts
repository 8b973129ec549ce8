// Part d: static serving. The pre-rendered home page and a hashed JS asset,
// from our server (@fastify/static, pre-compressed brotli) and from Debian's nginx
// (one worker, gzip_static, no brotli module) serving the same build directory.
// The load comes from Debian's wrk (C, one thread): autocannon, one JavaScript
// thread, topped out first (the same server answered the home page about
// 12,400 times a second under autocannon and 24,800 under wrk), so the ratio
// measured the client, not the servers.
// Run alone: node --import tsx bench/static.ts [--quick]
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { flag, isMain, ports, report, root, startChild, startSiteServer, tmpDir, waitForUrl, type Row } from "./lib";
import { medianRound, parseWrk, type Measured } from "./wrk";

const siteDir = path.join(root, "build/client");
const acceptEncoding = "br, gzip";

function nginxConf(prefix: string): string {
  return `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip_static on;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${ports.nginx};
    root ${siteDir};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`;
}

const run = promisify(execFile);

function wrk(url: string, seconds: number): Promise<Measured> {
  return run("wrk", ["-t1", "-c50", `-d${seconds}s`, "--latency", "-H", `Accept-Encoding: ${acceptEncoding}`, url]).then(({ stdout }) => parseWrk(stdout));
}

/**
 * Both servers, in alternating rounds after a warm-up each (JIT, caches; not
 * counted): one run per server would let a single slow second on this shared
 * machine decide the verdict.
 */
async function compare(ours: string, nginx: string, rounds: number, seconds: number) {
  await wrk(ours, 2);
  await wrk(nginx, 2);
  const results = { ours: [] as Measured[], nginx: [] as Measured[] };
  for (let round = 0; round < rounds; round += 1) {
    results.ours.push(await wrk(ours, seconds));
    results.nginx.push(await wrk(nginx, seconds));
  }
  return results;
}

export async function runStatic({ quick = flag("quick") } = {}) {
  const duration = quick ? 3 : 10;
  const rounds = 3;
  for (const [command, debianPackage] of [
    ["nginx", "nginx-light"],
    ["wrk", "wrk"],
  ] as const) {
    if (spawnSync("sh", ["-c", `command -v ${command}`]).status !== 0) {
      console.log(`${command} is missing: installing Debian's ${debianPackage}`);
      spawnSync("sh", ["-c", `apt-get install -y ${debianPackage}`], { stdio: "inherit" });
    }
  }
  // The islands' React renderer: the largest script a visitor downloads, shared by every island.
  const asset = readdirSync(path.join(siteDir, "assets")).find((name) => /^client\.[\w-]+\.js$/.test(name));
  if (!asset) throw new Error("no hashed client (React renderer) asset in build/client/assets: run the build");
  const targets = [
    { name: "home page /", path: "/" },
    { name: `asset ${asset}`, path: `/assets/${asset}` },
  ];
  const prefix = path.join(tmpDir, "nginx");
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(prefix, { recursive: true });
  writeFileSync(path.join(prefix, "nginx.conf"), nginxConf(prefix));
  const nginx = startChild("nginx", ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", "stderr"]);
  const server = await startSiteServer(ports.site);
  const rows: Row[] = [];
  try {
    await waitForUrl(`http://127.0.0.1:${ports.nginx}/`);
    for (const target of targets) {
      const encodings: string[] = [];
      for (const port of [ports.site, ports.nginx]) {
        const response = await fetch(`http://127.0.0.1:${port}${target.path}`, { headers: { "accept-encoding": acceptEncoding } });
        encodings.push(response.headers.get("content-encoding") ?? "identity");
        await response.arrayBuffer();
      }
      const measured = await compare(`http://127.0.0.1:${ports.site}${target.path}`, `http://127.0.0.1:${ports.nginx}${target.path}`, rounds, duration);
      const ours = medianRound(measured.ours);
      const theirs = medianRound(measured.nginx);
      const ratio = ours.rps / theirs.rps;
      const perRound = measured.ours.map((round, index) => (round.rps / (measured.nginx[index]?.rps ?? NaN)).toFixed(2)).join(" ");
      const rps = (all: Measured[]) => all.map((round) => round.rps).join(" ");
      // Every round's failures count, not only the median round's.
      const non2xx = (all: Measured[]) => all.reduce((sum, round) => sum + round.non2xx, 0);
      rows.push({ target: target.name, server: `ours (${encodings[0]})`, "req/s": ours.rps, "p50 ms": ours.p50, "p99 ms": ours.p99, "non-2xx": non2xx(measured.ours), "× nginx": ratio.toFixed(2), "rounds req/s": rps(measured.ours), "rounds × nginx": perRound });
      rows.push({ target: target.name, server: `nginx (${encodings[1]})`, "req/s": theirs.rps, "p50 ms": theirs.p50, "p99 ms": theirs.p99, "non-2xx": non2xx(measured.nginx), "× nginx": "1.00", "rounds req/s": rps(measured.nginx), "rounds × nginx": "" });
    }
  } catch (error) {
    console.error(nginx.output());
    throw error;
  } finally {
    await server.stop();
    await nginx.stop();
  }
  report("static", `Static serving, wrk, 50 connections, median of ${rounds} alternating ${duration} s rounds per server, Accept-Encoding: ${acceptEncoding} (reported, no target: bench/README.md)`, rows, { duration, rounds });
  return rows;
}

if (isMain(import.meta.url)) await runStatic();
