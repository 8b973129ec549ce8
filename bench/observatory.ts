// Part f: the Mozilla (MDN) HTTP Observatory against our server over local
// HTTPS, with a self-signed certificate made here by openssl. The scanner
// (@mdn/mdn-http-observatory 1.4.8, the version the registry has; it runs on
// Node 20) is installed on first use into bench/.tmp/observatory, not into the
// project: it brings a database server's dependencies the site never needs.
// Its CLI takes no port, so bench/observatory-scan.mjs runs the same scan with
// the loopback ports. The certificate is trusted through NODE_EXTRA_CA_CERTS
// in the scanner's process only (TLS verification stays on). Port 80's
// redirect to HTTPS, a proxy's job in production, is a small redirector here.
// Run alone: node --import tsx bench/observatory.ts
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isMain, ports, report, root, startChild, startSiteServer, tmpDir, waitForUrl, type Row } from "./lib";

const version = "1.4.8";
const installDir = path.join(tmpDir, "observatory");
const packageDir = path.join(installDir, "node_modules/@mdn/mdn-http-observatory");

function ensureScanner() {
  if (existsSync(path.join(packageDir, "package.json"))) return;
  mkdirSync(installDir, { recursive: true });
  writeFileSync(path.join(installDir, "package.json"), '{ "private": true }\n');
  console.log(`Installing @mdn/mdn-http-observatory@${version} into ${path.relative(root, installDir)} (once)…`);
  const result = spawnSync("npm", ["install", "-E", "--ignore-scripts", "--no-audit", "--no-fund", `@mdn/mdn-http-observatory@${version}`], {
    cwd: installDir,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("could not install the Observatory scanner");
}

/**
 * The package's HSTS preload list is normally downloaded from Chromium's source
 * by a maintenance script (`npm run updateHsts`), which --ignore-scripts and
 * this offline machine skip. The scan only asks it whether the host is
 * preloaded; localhost is not, so an empty list gives the same answer.
 */
function ensurePreloadList() {
  const file = path.join(packageDir, "conf/hsts-preload.json");
  if (!existsSync(file)) writeFileSync(file, "{}\n");
}

function makeCertificate(dir: string) {
  mkdirSync(dir, { recursive: true });
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  const result = spawnSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", cert],
    { stdio: "pipe" },
  );
  if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr.toString()}`);
  return { cert, key };
}

export async function runObservatory() {
  ensureScanner();
  ensurePreloadList();
  const certDir = path.join(tmpDir, "tls");
  rmSync(certDir, { recursive: true, force: true });
  const { cert, key } = makeCertificate(certDir);
  // "localhost" may resolve to ::1 or 127.0.0.1: both servers listen on both loopback addresses.
  const server = await startSiteServer(ports.https, { HOST: "localhost", TLS_CERT: cert, TLS_KEY: key, PUBLIC_SITE_URL: `https://localhost:${ports.https}` });
  const redirector = startChild("node", ["--import", "tsx", "bench/https-redirect.ts"], { PORT: String(ports.redirect), TARGET: `https://localhost:${ports.https}` });
  try {
    await waitForUrl(`http://127.0.0.1:${ports.redirect}/`);
    const scan = spawnSync("node", [path.join(root, "bench/observatory-scan.mjs"), packageDir, "localhost", String(ports.redirect), String(ports.https)], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: cert },
      encoding: "utf8",
      timeout: 120_000,
    });
    if (scan.status !== 0) throw new Error(`the scan failed: ${scan.stderr}${scan.stdout}`);
    const result = JSON.parse(scan.stdout.trim().split("\n").pop() ?? "{}") as {
      grade: string;
      score: number;
      verified: boolean;
      testsPassed: number;
      testsQuantity: number;
      tests: { name: string; pass: boolean; result: string; modifier: number }[];
    };
    const rows: Row[] = result.tests.map((test) => ({ test: test.name, pass: test.pass ? "yes" : "NO", result: test.result, modifier: test.modifier }));
    const title = `HTTP Observatory ${version} over local HTTPS: grade ${result.grade}, score ${result.score}, ${result.testsPassed}/${result.testsQuantity} tests passed, certificate verified: ${result.verified} (target: A+, every test passing)`;
    report("observatory", title, rows, { grade: result.grade, score: result.score, verified: result.verified });
    return result;
  } finally {
    await redirector.stop();
    await server.stop();
  }
}

if (isMain(import.meta.url)) await runObservatory();
