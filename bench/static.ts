// Part d: static serving. The pre-rendered home page and a hashed JS asset,
// from our server (in memory, pre-compressed brotli) and from Debian's nginx
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
import { parseWrk } from "./wrk";

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

async function measure(url: string, connections: number, duration: number) {
  const wrk = (seconds: number) => run("wrk", ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "-H", `Accept-Encoding: ${acceptEncoding}`, url]);
  // Warm-up first (JIT, caches), not counted: a cold Node process would be measured against a hot nginx.
  await wrk(2);
  return parseWrk((await wrk(duration)).stdout);
}

export async function runStatic({ quick = flag("quick") } = {}) {
  const duration = quick ? 3 : 10;
  for (const [command, debianPackage] of [
    ["nginx", "nginx-light"],
    ["wrk", "wrk"],
  ] as const) {
    if (spawnSync("sh", ["-c", `command -v ${command}`]).status !== 0) {
      console.log(`${command} is missing: installing Debian's ${debianPackage}`);
      spawnSync("sh", ["-c", `apt-get install -y ${debianPackage}`], { stdio: "inherit" });
    }
  }
  const asset = readdirSync(path.join(siteDir, "assets")).find((name) => /^entry\.client-.*\.js$/.test(name));
  if (!asset) throw new Error("no hashed entry.client asset in build/client/assets: run the build");
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
      const ours = await measure(`http://127.0.0.1:${ports.site}${target.path}`, 50, duration);
      const theirs = await measure(`http://127.0.0.1:${ports.nginx}${target.path}`, 50, duration);
      const ratio = ours.rps / theirs.rps;
      rows.push({ target: target.name, server: `ours (${encodings[0]})`, "req/s": ours.rps, "p50 ms": ours.p50, "p99 ms": ours.p99, "non-2xx": ours.non2xx, "× nginx": ratio.toFixed(2), target50: ratio >= 0.5 ? "met" : "MISSED" });
      rows.push({ target: target.name, server: `nginx (${encodings[1]})`, "req/s": theirs.rps, "p50 ms": theirs.p50, "p99 ms": theirs.p99, "non-2xx": theirs.non2xx, "× nginx": "1.00", target50: "" });
    }
  } catch (error) {
    console.error(nginx.output());
    throw error;
  } finally {
    await server.stop();
    await nginx.stop();
  }
  report("static", `Static serving, wrk, 50 connections, ${duration} s per row, Accept-Encoding: ${acceptEncoding} (target: ours ≥ 0.5 × nginx)`, rows, { duration });
  return rows;
}

if (isMain(import.meta.url)) await runStatic();
