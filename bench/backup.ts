// Part g: how long a backup of a store of 100,000 leads takes, and what it
// costs the visitors meanwhile: the page and lead p99 under load while backups
// run back to back, against the same load with none.
//   node --import tsx bench/backup.ts   (or npm run bench -- --only backup)
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import SqliteDatabase from "better-sqlite3";
import { pruneBackups, SQLITE_FILE, takeBackup } from "../server/ops/backup";
import { openDatabase } from "../server/store/database";
import { makeSite } from "../server/app.test-support";
import { newsletterRequest } from "./api";
import { args, isMain, median, report, root, sleep, startChild, startSiteServer, tmpDir, type Row } from "./lib";

const LEADS = 100_000;
/** Loopback port of this part's server (outside lib.ts's range, which other parts' servers use). */
const PORT = 4470;
const PAGE_CONNECTIONS = 10;
const LEAD_CONNECTIONS = 5;
const WINDOW_S = 15;
const WARM_UP_S = 2;
/** The target: p99 while a backup runs is at most this many times the idle p99. */
const MAX_SLOWDOWN = 2;

const LOOP_STARTED = "backup loop started";
const dataDir = path.join(tmpDir, "backup-data");
const backupsDir = path.join(tmpDir, "backup-backups");

/** A team notification as the outbox stores it: about 2 KB of text and HTML. */
const emailPayload = (n: number) =>
  JSON.stringify({
    from: "Freelancer Marketplace UK <no-reply@example.co.uk>",
    to: "team@example.co.uk",
    replyTo: `lead${n}@example.co.uk`,
    subject: "New enquiry: Freelancer – Payroll, Insurance",
    text: `Name: Lead ${n}\nEmail: lead${n}@example.co.uk\nPhone: 07700 900${String(n % 1000).padStart(3, "0")}\n${"Message text. ".repeat(40)}`,
    html: `<!DOCTYPE html><html lang="en-GB"><body><table>${"<tr><th>Field</th><td>Value of the field</td></tr>".repeat(20)}</table></body></html>`,
  });

/** The store's schema (by its own migrations) filled with LEADS enquiries, each with its sent notification and attempt. */
export async function seed() {
  rmSync(dataDir, { recursive: true, force: true });
  const { db } = await openDatabase({ dataDir });
  await db.destroy();
  const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE));
  const enquiry = file.prepare(
    "insert into enquiries (id, name, email, phone, role, sectors, needs, message, consent_at, consent_version, source_page, user_agent, ip_hash, idempotency_key, created_at) values (?, ?, ?, ?, 'Freelancer', '[\"Healthcare\"]', '[\"Payroll\",\"Insurance\"]', ?, ?, 'v1', '/contact', 'Mozilla/5.0 (X11; Linux x86_64) bench', ?, ?, ?)",
  );
  const outbox = file.prepare(
    "insert into outbox (id, channel, topic, lead_kind, lead_id, lead_email, payload, status, attempts, next_attempt_at, created_at, sent_at) values (?, 'email', 'team-notification', 'enquiry', ?, ?, ?, 'sent', 1, ?, ?, ?)",
  );
  const attempt = file.prepare("insert into delivery_attempts (id, outbox_id, attempted_at, ok, response, duration_ms) values (?, ?, ?, 1, '250 2.0.0 OK queued', 12)");
  const started = Date.parse("2026-01-01T00:00:00Z");
  file.transaction(() => {
    for (let n = 0; n < LEADS; n += 1) {
      const at = new Date(started + n * 60_000).toISOString();
      const id = randomUUID();
      const outboxId = randomUUID();
      enquiry.run(id, `Lead ${n}`, `lead${n}@example.co.uk`, "07700 900123", `${"I need help with payroll. ".repeat(12)}${n}`, at, randomUUID().replace(/-/g, ""), randomUUID(), at);
      outbox.run(outboxId, id, `lead${n}@example.co.uk`, emailPayload(n), at, at, at);
      attempt.run(randomUUID(), outboxId, at);
    }
  })();
  file.pragma("wal_checkpoint(TRUNCATE)");
  file.close();
  return statSync(path.join(dataDir, SQLITE_FILE)).size;
}

interface Latency {
  p99: number;
  rps: number;
  non2xx: number;
}

async function measure(url: string, connections: number, seconds: number, post: boolean): Promise<Latency> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      post
        ? {
            method: "POST",
            setupRequest: (request) => {
              const next = newsletterRequest();
              return { ...request, method: "POST", body: next.body, headers: { ...request.headers, ...next.headers } };
            },
          }
        : { method: "GET", headers: { "accept-encoding": "br, gzip" } },
    ],
  });
  return { p99: result.latency.p99, rps: Math.round(result.requests.average), non2xx: result.non2xx };
}

/** The page and the lead endpoint loaded at once, as visitors would. */
async function mixedLoad(base: string, seconds: number) {
  const [page, lead] = await Promise.all([measure(`${base}/`, PAGE_CONNECTIONS, seconds, false), measure(`${base}/api/contactus`, LEAD_CONNECTIONS, seconds, true)]);
  return { page, lead };
}

/** In a child process (as the CLI runs), backups back to back for `seconds`; prints their durations. */
async function backupLoop(seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  const durations: number[] = [];
  // The parent starts its load once this is printed, so node's own start-up is not measured as the backup's cost.
  console.log(LOOP_STARTED);
  while (Date.now() < deadline) {
    const started = performance.now();
    await takeBackup({ dataDir, into: backupsDir });
    durations.push(Math.round(performance.now() - started));
    await pruneBackups(backupsDir, 1);
  }
  console.log(JSON.stringify({ durations }));
}

export async function runBackup() {
  mkdirSync(tmpDir, { recursive: true });
  console.log(`seeding a store of ${LEADS} leads…`);
  const bytes = await seed();
  rmSync(backupsDir, { recursive: true, force: true });

  // One backup with nothing else running.
  const alone = await takeBackup({ dataDir, into: backupsDir });
  const backupBytes = alone.manifest.database.bytes;
  rmSync(backupsDir, { recursive: true, force: true });

  const siteDir = path.join(root, "build/client");
  const minimalSite = path.join(tmpDir, "backup-site");
  const realSite = existsSync(path.join(siteDir, "index.html"));
  if (!realSite) await makeSite(minimalSite);
  const server = await startSiteServer(PORT, {
    DATA_DIR: dataDir,
    SITE_DIR: realSite ? siteDir : minimalSite,
    RATE_LIMIT_MAX: "1000000000",
    MIN_SUBMIT_MS: "0",
    // A script's posts, counted as stored leads with their outbox rows: nothing held as spam.
    SPAM_FILTER: "off",
    OUTBOX_POLL_MS: "1000",
  });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await mixedLoad(base, WARM_UP_S);
    const idle = await mixedLoad(base, WINDOW_S);
    const loop = startChild("node", ["--import", "tsx", "bench/backup.ts", "--backup-loop", String(WINDOW_S)]);
    while (!loop.output().includes(LOOP_STARTED)) {
      if (loop.process.exitCode !== null) throw new Error(`the backup loop ended early:\n${loop.output()}`);
      await sleep(20);
    }
    const during = await mixedLoad(base, WINDOW_S);
    await new Promise((resolve) => loop.process.once("exit", resolve));
    const durations = (JSON.parse(/\{"durations".*\}/.exec(loop.output())?.[0] ?? '{"durations":[]}') as { durations: number[] }).durations;
    if (durations.length === 0) throw new Error(`the backup loop took no backup:\n${loop.output()}`);

    const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
    const pageRatio = ratio(during.page.p99, idle.page.p99);
    const leadRatio = ratio(during.lead.p99, idle.lead.p99);
    const met = pageRatio <= MAX_SLOWDOWN && leadRatio <= MAX_SLOWDOWN;
    const rows: Row[] = [
      { load: "idle (no backup)", "page p99 ms": idle.page.p99, "page req/s": idle.page.rps, "lead p99 ms": idle.lead.p99, "lead req/s": idle.lead.rps, "non-2xx": idle.page.non2xx + idle.lead.non2xx, backups: 0, "backup ms (median)": "", target: "" },
      {
        load: "backups back to back",
        "page p99 ms": during.page.p99,
        "page req/s": during.page.rps,
        "lead p99 ms": during.lead.p99,
        "lead req/s": during.lead.rps,
        "non-2xx": during.page.non2xx + during.lead.non2xx,
        backups: durations.length,
        "backup ms (median)": median(durations),
        target: `${met ? "met" : "missed"} (${pageRatio.toFixed(2)}x / ${leadRatio.toFixed(2)}x, ≤ ${MAX_SLOWDOWN}x)`,
      },
    ];
    report("backup", `Backup of a store of ${LEADS} leads (${(bytes / 1e6).toFixed(0)} MB): ${alone.manifest.ms} ms alone; p99 under load (${PAGE_CONNECTIONS} page + ${LEAD_CONNECTIONS} lead connections, ${WINDOW_S} s)`, rows, {
      leads: LEADS,
      storeBytes: bytes,
      backupBytes,
      backupAloneMs: alone.manifest.ms,
      backupDurationsMs: durations,
      site: realSite ? "build/client" : "minimal test site (no build found)",
    });
  } finally {
    await server.stop();
    rmSync(backupsDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const loopAt = args.indexOf("--backup-loop");
  if (loopAt >= 0) await backupLoop(Number(args[loopAt + 1] ?? WINDOW_S));
  else await runBackup();
}
