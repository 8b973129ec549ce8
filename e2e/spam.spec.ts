import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminCopy, adminSpamCopy } from "../app/admin/data/admin";
import { paths } from "../app/data/paths";
import { CONTACT_ENDPOINT } from "../contract/lead";
import { startChild, waitForUrl, type Child } from "../bench/lib";
import { expect, test } from "./fixtures";
import { enrolOwner, OWNER_EMAIL, signInAsOwner, type Owner } from "./team-sign-in";

// Suspected spam as the owner meets it, against a server of this spec's own:
// it needs the CRM forwarding on, to a receiver here, to see "Not spam" send
// the team email and the webhook exactly once.

const PASSWORD = "e2e-spam-admin-password";

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

let server: Child;
let crm: http.Server;
let base: string;
let dataDir: string;
let owner: Owner;
const webhooks: { type: string; id: string; data: Record<string, unknown> }[] = [];

test.beforeAll(async ({ playwright }) => {
  crm = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      webhooks.push(JSON.parse(body) as (typeof webhooks)[number]);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => crm.listen(0, "127.0.0.1", resolve));
  const crmPort = (crm.address() as net.AddressInfo).port;
  const port = await freePort();
  dataDir = await mkdtemp(path.join(tmpdir(), "spam-e2e-"));
  base = `http://localhost:${port}`;
  server = startChild("node", ["--import", "tsx", "server/main.ts"], {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_SITE_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ADMIN_PASSWORD: PASSWORD,
    LEADS_WEBHOOK_URL: `http://127.0.0.1:${crmPort}/crm`,
    LEADS_WEBHOOK_SECRET: "e2e-spam-webhook-secret",
    OUTBOX_POLL_MS: "100",
    ANALYTICS: "off",
  });
  await waitForUrl(`${base}/healthz`);
  // The owner's first sign-in sets up a passkey, as the server asks of a deployment upgraded from ADMIN_PASSWORD.
  const api = await playwright.request.newContext();
  owner = await enrolOwner(api, base, OWNER_EMAIL, PASSWORD);
  await api.dispose();
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => crm?.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const teamEmails = async (name: string) => {
  const folder = path.join(dataDir, "outbox-mail");
  const files = await readdir(folder).catch(() => [] as string[]);
  const texts = await Promise.all(files.filter((file) => file.endsWith(".eml")).map((file) => readFile(path.join(folder, file), "utf8")));
  return texts.filter((text) => text.includes(name));
};

test("a quarantined enquiry is under Spam with its reasons; Not spam sends the team email and the webhook once", async ({ page, request }) => {
  // Desktop only (untagged): one server for both projects would see the other's rows.
  const name = "Spammy McBotface";
  // A script's post with the hidden field filled: held, answered as a success.
  const posted = await request.post(`${base}${CONTACT_ENDPOINT}`, {
    form: { name, email: "bot@example.co.uk", salutation: "Freelancer", sector: "", you_need: "", message: "Best offer", website: "https://spam.example" },
  });
  expect(posted.status()).toBe(200);

  await signInAsOwner(page, owner, base);
  await page.goto(`${base}${paths.admin}`);
  await page.getByRole("button", { name: adminSpamCopy.tab(1) }).click();

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(adminSpamCopy.reasonNames.honeypot);
  await expect(row).toContainText(adminSpamCopy.reasonNames["no-browser"]);
  // Nothing was sent while it was held.
  await page.waitForTimeout(500);
  expect(webhooks).toHaveLength(0);
  expect(await teamEmails(name)).toHaveLength(0);

  await row.getByRole("button", { name: adminSpamCopy.release }).click();
  await expect(page.getByRole("status").filter({ hasText: adminSpamCopy.released(`${name} (bot@example.co.uk)`) })).toBeVisible();
  await expect(page.getByRole("button", { name: adminSpamCopy.tab(0) })).toBeVisible();

  await expect.poll(() => webhooks.length, { timeout: 10_000 }).toBe(1);
  await expect.poll(async () => (await teamEmails(name)).length, { timeout: 10_000 }).toBe(1);
  expect(webhooks[0]).toMatchObject({ type: "enquiry", data: { name, email: "bot@example.co.uk" } });
  // Once: the worker has had time to send anything more.
  await page.waitForTimeout(1500);
  expect(webhooks).toHaveLength(1);
  expect(await teamEmails(name)).toHaveLength(1);

  // It is now an enquiry in the inbox.
  await page.getByRole("button", { name: adminCopy.kinds.enquiries }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
});
