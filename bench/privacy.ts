// Part k: what erasure leaves in the SQLite files, and how long a purge and an
// erasure take on a store of LEADS enquiries (each with a team email and its
// attempt), on SQLite and, when reachable, PostgreSQL.
//   node --import tsx bench/privacy.ts   (or npm run bench -- --only privacy)
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { retentionDefaults } from "../contract/retention";
import { createPersonalData } from "../server/store/personal-data";
import { openDatabase, type Dialect } from "../server/store/database";
import type { Database } from "../server/store/schema";
import { postgresReachable, scratchDatabase } from "../server/store/databases.test-support";
import { isMain, report, tmpDir, type Row } from "./lib";

const LEADS = Number(process.env.PRIVACY_BENCH_LEADS ?? 20_000);
const PERSON = "subject.person@example.co.uk";
const NOW = new Date("2026-11-25T12:00:00.000Z");
/** Half the enquiries were received before the 24-month cut-off, half after. */
const OLD = Date.parse("2023-01-01T00:00:00.000Z");
const RECENT = Date.parse("2026-01-01T00:00:00.000Z");

async function seed(db: Kysely<Database>, leads: number) {
  const rows = Array.from({ length: leads }, (_, n) => {
    const at = new Date((n % 2 ? RECENT : OLD) + n * 1000).toISOString();
    const email = n === Math.floor(leads / 2) ? PERSON : `lead${n}@example.co.uk`;
    return { id: randomUUID(), at, email, n };
  });
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("enquiries")
        .values(
          chunk.map(({ id, at, email, n }) => ({
            id,
            name: `Lead ${n}`,
            email,
            phone: "07700 900123",
            role: "Freelancer",
            sectors: '["Healthcare"]',
            needs: '["Payroll"]',
            message: `${"I need help with payroll. ".repeat(12)}${n}`,
            consent_at: at,
            consent_version: "v1",
            source_page: "/contact",
            user_agent: "bench",
            ip_hash: "h",
            idempotency_key: null,
            created_at: at,
          })),
        )
        .execute();
      await trx
        .insertInto("outbox")
        .values(
          chunk.map(({ id, at, email }) => ({
            id: `o-${id}`,
            channel: "email" as const,
            topic: "team-notification",
            lead_kind: "enquiry" as const,
            lead_id: id,
            lead_email: email,
            payload: JSON.stringify({ to: "team@example.co.uk", replyTo: email, text: `Email: ${email}\n${"Message text. ".repeat(40)}` }),
            status: "sent" as const,
            attempts: 1,
            next_attempt_at: at,
            locked_until: null,
            last_error: null,
            created_at: at,
            sent_at: at,
          })),
        )
        .execute();
      await trx
        .insertInto("delivery_attempts")
        .values(chunk.map(({ id, at }) => ({ id: `a-${id}`, outbox_id: `o-${id}`, attempted_at: at, ok: 1, error: null, response: "250 OK", duration_ms: 10 })))
        .execute();
    });
  }
}

/** How many times the address occurs in each SQLite file (database, WAL). */
function occurrences(dataDir: string): string {
  return readdirSync(dataDir)
    .filter((name) => name.startsWith("leads.db"))
    .map((name) => {
      const text = readFileSync(path.join(dataDir, name)).toString("latin1");
      return `${name.replace("leads.db", "db")} ${text.split(PERSON).length - 1}`;
    })
    .join(", ");
}

/** An erasure as it was before: the rows deleted in one transaction, nothing more. */
async function plainDelete(db: Kysely<Database>) {
  await db.transaction().execute(async (trx) => {
    const ids = (await trx.selectFrom("outbox").select("id").where("lead_email", "=", PERSON).execute()).map((row) => row.id);
    await trx.deleteFrom("delivery_attempts").where("outbox_id", "in", ids).execute();
    await trx.deleteFrom("outbox").where("id", "in", ids).execute();
    await trx.deleteFrom("enquiries").where("email", "=", PERSON).execute();
  });
}

async function bytesLeft(): Promise<Row[]> {
  const rows: Row[] = [];
  const variants = [
    { variant: "rows deleted (as before)", secureDelete: false, erase: false },
    { variant: "secure_delete, no checkpoint", secureDelete: true, erase: false },
    { variant: "erase(): checkpoint, no secure_delete", secureDelete: false, erase: true },
    { variant: "erase(): secure_delete + checkpoint", secureDelete: true, erase: true },
  ];
  for (const { variant, secureDelete, erase } of variants) {
    const dataDir = path.join(tmpDir, "privacy-bytes");
    rmSync(dataDir, { recursive: true, force: true });
    const { db, dialect } = await openDatabase({ dataDir });
    await seed(db, 2000);
    await sql.raw(`pragma secure_delete = ${secureDelete ? "ON" : "OFF"}`).execute(db);
    const before = occurrences(dataDir);
    if (erase) await createPersonalData({ db, dialect, dataDir, periods: retentionDefaults }).erase(PERSON);
    else await plainDelete(db);
    rows.push({ variant, "before (file occurrences)": before, after: occurrences(dataDir) });
    await db.destroy();
  }
  return rows;
}

async function timings(kind: Dialect): Promise<Row> {
  const scratch = await scratchDatabase(kind);
  const { db, dialect } = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
  try {
    await seed(db, LEADS);
    const personalData = createPersonalData({ db, dialect, dataDir: scratch.dataDir, periods: retentionDefaults });
    let started = performance.now();
    const erased = await personalData.erase(PERSON);
    const eraseMs = performance.now() - started;
    started = performance.now();
    const purged = await personalData.purge(NOW);
    const purgeMs = performance.now() - started;
    started = performance.now();
    await personalData.purge(NOW);
    const idleMs = performance.now() - started;
    return {
      store: kind,
      enquiries: LEADS,
      "erase 1 address (ms)": Math.round(eraseMs),
      "rows erased": erased.enquiries + erased.deliveries,
      "purge (ms)": Math.round(purgeMs),
      "enquiries + deliveries purged": purged.enquiries + purged.deliveries,
      "purge, nothing due (ms)": Math.round(idleMs),
    };
  } finally {
    await db.destroy();
    await scratch.drop();
  }
}

export async function runPrivacy() {
  report("privacy-bytes", `Occurrences of an erased address in the SQLite files (2,000 enquiries, one of them the person's)`, await bytesLeft());
  const stores: Dialect[] = (await postgresReachable()) ? ["sqlite", "postgres"] : ["sqlite"];
  const rows: Row[] = [];
  for (const kind of stores) rows.push(await timings(kind));
  report("privacy-timings", `Erasure and retention purge on a store of ${LEADS.toLocaleString("en-GB")} enquiries, each with a sent email and its attempt`, rows);
}

if (isMain(import.meta.url)) await runPrivacy();
