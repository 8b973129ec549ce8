import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { hashIp } from "../api/visitor";
import { isCI, postgresReachable, redisReachable, scratchDatabase, shouldRun, testRedisUrl, type ScratchDatabase } from "../store/databases.test-support";
import { freePort } from "../../scripts/free-port";
import { makeSite } from "../app.test-support";

// The documented deployment, for real: Debian's Caddy with deploy/freelancer-site.caddy
// (its internal CA instead of a public certificate) in front of two instances
// sharing PostgreSQL and Redis, all on loopback. Clients bound to two loopback
// addresses of their own show that the per-IP limit counts visitors, not the proxy.

const root = fileURLToPath(new URL("../..", import.meta.url));
const CADDY = process.env.CADDY_PATH ?? "/usr/bin/caddy";
/** This suite's ports, free ones from the system: Caddy's HTTPS and HTTP, the two instances, their metrics. */
const ports = { https: await freePort(), http: await freePort(), instances: [await freePort(), await freePort()], metrics: [await freePort(), await freePort()] } as const;
const RATE_LIMIT_MAX = 3;
const IP_HASH_SECRET = "proxy-test-ip-hash-secret-0123456789";
/**
 * Two client addresses of this run's own in 127.0.0.0/8: the limit counters in
 * the shared Redis outlive a run, and a second run beside this one must not
 * count against these clients (nor this one against its).
 */
const clientBase = `127.${randomBytes(2).map((byte) => Math.max(byte, 1)).join(".")}`;
const clients = [`${clientBase}.2`, `${clientBase}.3`] as const;

/** Caddy, installed when missing (scripts/ensure-caddy.sh); off CI a failed install skips the suite with a notice. */
function caddyAvailable(): boolean {
  if (existsSync(CADDY)) return true;
  try {
    execFileSync("bash", [path.join(root, "scripts/ensure-caddy.sh")], { stdio: "inherit" });
    return existsSync(CADDY);
  } catch (error) {
    if (isCI) throw error;
    console.warn(`Caddy is not installed and could not be installed (${(error as Error).message}): skipping the reverse-proxy tests here (under CI=true they fail).`);
    return false;
  }
}

const run = caddyAvailable() && shouldRun("PostgreSQL", await postgresReachable()) && shouldRun("Redis", await redisReachable());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
}

function collect(response: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on("data", (chunk: Buffer) => chunks.push(chunk));
    response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks) }));
    response.on("error", reject);
  });
}

let caRoot: Buffer;
/** A request to Caddy over HTTPS, trusting only Caddy's internal root, from the given local address. */
function viaCaddy(method: string, pathname: string, { from = "127.0.0.1", headers = {}, body }: { from?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      { host: "127.0.0.1", servername: "localhost", port: ports.https, method, path: pathname, localAddress: from, ca: caRoot, headers: { host: `localhost:${ports.https}`, ...headers }, agent: false },
      (response) => collect(response).then(resolve, reject),
    );
    request.on("error", reject);
    request.end(body);
  });
}

function plain(port: number, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http.get({ host: "127.0.0.1", port, path: pathname, headers, agent: false }, (response) => collect(response).then(resolve, reject)).on("error", reject);
  });
}

async function until(condition: () => Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await condition().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function enquiry(n: number) {
  return new URLSearchParams({ name: "Ann Example", email: `proxy${n}@example.co.uk`, phone: "07700 900123", salutation: "Freelancer", sector: "Healthcare", you_need: "Payroll", message: "Via the proxy" }).toString();
}

describe.runIf(run)("Caddy in front of two instances", () => {
  let work: string;
  let scratch: ScratchDatabase;
  const children: ChildProcess[] = [];
  const homePage = "<!DOCTYPE html><title>Home</title><h1>Home through the proxy</h1>";

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "proxy-test-"));
    scratch = await scratchDatabase("postgres");
    const siteDir = path.join(work, "site");
    await makeSite(siteDir);
    await writeFile(path.join(siteDir, "index.html"), homePage);
    // As the build leaves it: a brotli copy beside the page.
    await writeFile(path.join(siteDir, "index.html.br"), brotliCompressSync(homePage));

    const log = (name: string, child: ChildProcess) => {
      children.push(child);
      child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk.toString()}`));
    };
    ports.instances.forEach((port, index) => {
      const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: path.join(work, "data"),
          SITE_DIR: siteDir,
          DATABASE_URL: scratch.databaseUrl,
          REDIS_URL: testRedisUrl,
          // Caddy, on this machine, is the one proxy trusted to say who the client is.
          TRUST_PROXY: "127.0.0.1",
          PUBLIC_SITE_URL: `https://localhost:${ports.https}`,
          RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
          MIN_SUBMIT_MS: "0",
          // The test posts as a script does; what it counts are stored enquiries, not held spam.
          SPAM_FILTER: "off",
          IP_HASH_SECRET,
          METRICS_PORT: String(ports.metrics[index]),
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      log(`instance ${port}`, child);
    });

    const caddyDir = path.join(work, "caddy");
    const caddyfile = path.join(work, "Caddyfile");
    await writeFile(
      caddyfile,
      `{
\tadmin off
\thttp_port ${ports.http}
\thttps_port ${ports.https}
\tskip_install_trust
\tstorage file_system ${caddyDir}
}
https://localhost:${ports.https} {
\tbind 127.0.0.1
\ttls internal
\timport ${path.join(root, "deploy/freelancer-site.caddy")}
}
http://localhost:${ports.http} {
\tbind 127.0.0.1
\tredir https://localhost:${ports.https}{uri} permanent
}
`,
    );
    const caddy = spawn(CADDY, ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
      env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work, UPSTREAMS: ports.instances.map((port) => `127.0.0.1:${port}`).join(" ") },
      stdio: ["ignore", "ignore", "pipe"],
    });
    children.push(caddy);
    caddy.stderr?.on("data", (chunk: Buffer) => {
      if (/"level":"error"/.test(chunk.toString())) process.stderr.write(`[caddy] ${chunk.toString()}`);
    });

    for (const port of ports.instances) await until(async () => (await plain(port, "/readyz")).status === 200, `instance ${port} to be ready`);
    const rootFile = path.join(caddyDir, "pki/authorities/local/root.crt");
    await until(async () => existsSync(rootFile), "Caddy's internal root certificate");
    caRoot = await readFile(rootFile);
    await until(async () => (await viaCaddy("GET", "/healthz")).status === 200, "Caddy to proxy");
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      ),
    );
    await scratch?.drop();
    await rm(work, { recursive: true, force: true });
  });

  it("serves the site over HTTPS with the server's own headers, once each", async () => {
    const answer = await viaCaddy("GET", "/");
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain("Home through the proxy");
    const count = (name: string) => answer.rawHeaders.filter((header, index) => index % 2 === 0 && header.toLowerCase() === name).length;
    expect(count("strict-transport-security")).toBe(1);
    expect(answer.headers["strict-transport-security"]).toMatch(/max-age=\d{8}/);
    expect(count("content-security-policy")).toBe(1);
  });

  it("passes the server's brotli through without compressing it again", async () => {
    const answer = await viaCaddy("GET", "/", { headers: { "accept-encoding": "br, gzip" } });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body).toString()).toBe(homePage);
  });

  it("sends plain HTTP to HTTPS, and keeps readiness off the public site", async () => {
    const redirect = await plain(ports.http, "/contact", { host: `localhost:${ports.http}` });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe(`https://localhost:${ports.https}/contact`);
    expect((await viaCaddy("GET", "/readyz")).status).toBe(404);
  });

  it("rate-limits each visitor by their own address, across both instances, whatever X-Forwarded-For they send", async () => {
    const post = (from: string, n: number) =>
      viaCaddy("POST", CONTACT_ENDPOINT, {
        from,
        // A client trying to pass as someone new each time: Caddy replaces this with the address it sees.
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `203.0.113.${n}` },
        body: enquiry(n),
      });
    const first = [];
    for (let n = 1; n <= RATE_LIMIT_MAX + 1; n += 1) first.push((await post(clients[0], n)).status);
    expect(first).toEqual([...Array.from({ length: RATE_LIMIT_MAX }, () => 200), 429]);
    // Another visitor behind the same proxy is counted apart.
    expect((await post(clients[1], 100)).status).toBe(200);

    // What was stored: the keyed hash of each visitor's own address, never the proxy's or a forged one.
    const client = new pg.Client({ connectionString: scratch.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ ip_hash: string; n: string }>("select ip_hash, count(*) as n from enquiries group by ip_hash");
      const byHash = Object.fromEntries(rows.map((row) => [row.ip_hash, Number(row.n)]));
      expect(byHash).toEqual({ [hashIp(IP_HASH_SECRET, clients[0])]: RATE_LIMIT_MAX, [hashIp(IP_HASH_SECRET, clients[1])]: 1 });
    } finally {
      await client.end();
    }
  });

  it("shares the traffic between both instances", async () => {
    for (const port of ports.metrics) {
      const text = (await plain(port, "/metrics")).body.toString();
      const served = [...text.matchAll(/^http_requests_total\{[^}]*\} (\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
      expect(served, `instance with metrics on ${port}`).toBeGreaterThan(0);
    }
  });

  it("accepts the production Caddyfile", () => {
    const production = path.join(work, "Caddyfile.production");
    return readFile(path.join(root, "deploy/Caddyfile"), "utf8").then(async (text) => {
      await writeFile(production, text.replace("/etc/caddy/freelancer-site.caddy", path.join(root, "deploy/freelancer-site.caddy")));
      expect(() => execFileSync(CADDY, ["adapt", "--config", production, "--adapter", "caddyfile"], { stdio: "pipe" })).not.toThrow();
    });
  });
});
