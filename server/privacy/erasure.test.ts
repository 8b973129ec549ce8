import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints, type EraseResult } from "../../contract/admin";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { httpReceiver, outboxReader, waitFor, type HttpReceiver } from "../outbox/peers.test-support";
import { signWebhook } from "../outbox/webhook";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { startTestApp, type TestApp, signedInAs } from "../app.test-support";

// Erasure as the owner does it, through the real server with its worker
// writing mail files and calling the CRM: afterwards no byte of any file
// under DATA_DIR names the person, and nothing more is sent about them.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);

const PASSWORD = "correct horse battery staple";
const SECRET = "webhook-secret-for-tests-0123456789";
const fast = { OUTBOX_POLL_MS: "20", OUTBOX_BASE_DELAY_MS: "20", OUTBOX_MAX_DELAY_MS: "100", LOG_LEVEL: "silent" };

/** Every file under `dir` whose bytes contain any of `needles`, ignoring ASCII case. */
async function filesContaining(dir: string, needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = (await readFile(file)).toString("latin1").toLowerCase();
    if (needles.some((needle) => bytes.includes(needle.toLowerCase()))) found.push(path.relative(dir, file));
  }
  return found.sort();
}

describe.each(kinds)("erasure through the server on %s", (kind) => {
  let scratch: ScratchDatabase;
  let t: TestApp;
  let crm: HttpReceiver;
  let cookie: string;

  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    crm = await httpReceiver();
    const env: Record<string, string> = { ...fast, ADMIN_PASSWORD: PASSWORD, LEADS_WEBHOOK_URL: crm.url, LEADS_WEBHOOK_SECRET: SECRET };
    if (scratch.databaseUrl) env.DATABASE_URL = scratch.databaseUrl;
    t = await startTestApp(env);
    await t.app.ready();
    cookie = (await signedInAs(t.app, "owner")).cookie;
  });
  afterAll(async () => {
    await t.close();
    await crm.close();
    await scratch.drop();
  });

  const submit = async (payload: Record<string, string>) => {
    const response = await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { id: string } }).data.id;
  };
  const enquiry = (name: string, email: string) => submit({ name, email, salutation: "Freelancer", sector: "", you_need: "", message: `A message from ${name}` });
  const erase = async (email: string) => {
    const response = await t.app.inject({ method: "POST", url: adminEndpoints.erase, payload: { email }, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as EraseResult;
  };
  const mailFolder = () => path.join(t.config.dataDir, "outbox-mail");
  const mailFileCount = async () => (await readdir(mailFolder()).catch(() => [])).length;

  it("leaves no byte naming the person in any file under DATA_DIR, keeps everyone else, and tells the CRM by a signed event", async () => {
    const person = { name: "Zebedee Quillfeather", email: "Zebedee.Quill@Example.co.uk" };
    await enquiry(person.name, person.email);
    await submit({ email: person.email });
    await enquiry("Keeper Person", "keeper@example.co.uk");
    // Everything delivered and recorded: two mail files and two CRM calls about the person, one of each about the keeper.
    const reader = await outboxReader(t.config);
    try {
      await waitFor(async () => (await reader.all()).filter((row) => row.status === "sent").length === 6, { what: "every delivery" });
    } finally {
      await reader.close();
    }
    expect(await mailFileCount()).toBe(3);
    const needles = [person.email, "zebedee.quill", person.name];
    // The ids the CRM was given for the person's two leads.
    const known = crm.accepted.map((call) => JSON.parse(call.body) as { type: string; id: string; data: { email: string } }).filter((lead) => lead.data.email.toLowerCase() === person.email.toLowerCase());
    expect(await filesContaining(t.config.dataDir, needles)).not.toEqual([]);

    const result = await erase(` ${person.email.toUpperCase()} `);

    expect(result).toEqual({ email: person.email.toLowerCase(), enquiries: 1, subscribers: 1, deliveries: 4, mailFiles: 2, pendingSignups: expect.any(Number), crmNotified: true, spam: 0 });
    expect(await filesContaining(t.config.dataDir, needles)).toEqual([]);
    expect(await filesContaining(t.config.dataDir, ["keeper@example.co.uk"])).not.toEqual([]);
    // The CRM is told which of the leads it was sent are gone, signed like every call, without the address.
    const event = await waitFor(() => crm.accepted.find((call) => call.body.includes('"lead.erased"')), { what: "the lead.erased event" });
    const timestamp = String(event.headers["x-webhook-timestamp"]);
    expect(event.headers["x-webhook-signature"]).toBe(signWebhook(SECRET, timestamp, event.body));
    expect(JSON.parse(event.body)).toEqual({
      type: "lead.erased",
      erased_at: expect.any(String),
      leads: ["enquiry", "subscriber"].map((type) => ({ type, id: known.find((lead) => lead.type === type)!.id })),
    });
    expect(event.body.toLowerCase()).not.toContain("zebedee");
    // Sending the event wrote new pages: still nothing names the person.
    await waitFor(async () => (await filesContaining(t.config.dataDir, needles)).length === 0);
  });

  it("purges by hand for a signed-in owner only", async () => {
    expect((await t.app.inject({ method: "POST", url: adminEndpoints.purge })).statusCode).toBe(401);
    const response = await t.app.inject({ method: "POST", url: adminEndpoints.purge, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enquiries: 0, subscribers: 0, deliveries: 0, mailFiles: 0, analyticsRows: 0, spam: 0 });
  });

  it("cancels deliveries still pending: nothing about the person is sent after the erasure", async () => {
    crm.status = 503;
    const email = "pending.person@example.co.uk";
    const calls = () => crm.calls.filter((call) => call.body.includes(email)).length;
    await enquiry("Pending Person", email);
    // The CRM call is failing and being retried.
    await waitFor(() => calls() >= 2, { what: "retries" });
    const result = await erase(email);
    const callsAtErasure = calls();
    expect(result).toMatchObject({ enquiries: 1, deliveries: 2 });
    crm.status = 200;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls()).toBe(callsAtErasure);
    expect(await filesContaining(t.config.dataDir, [email])).toEqual([]);
  });
});
