import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { EmailPayload } from "../store/outbox-store";
import { createMailer, MAIL_FOLDER } from "./mailer";

// The file mailer (no SMTP_URL): every email becomes DATA_DIR/outbox-mail/<id>.eml.

let dataDir: string;
const email: EmailPayload = { from: "Team <hello@example.co.uk>", to: "someone@example.com", subject: "Hello", text: "Plain words", html: "<p>Plain words</p>" };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "mailer-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it("writes each email whole, named by its outbox id, and makes the folder again if it is removed", async () => {
  const mailer = createMailer({ dataDir, from: email.from });
  expect(await mailer.send("first", email)).toBe(`written to ${MAIL_FOLDER}/first.eml`);
  await rm(path.join(dataDir, MAIL_FOLDER), { recursive: true });
  await mailer.send("second", email);
  expect(await readdir(path.join(dataDir, MAIL_FOLDER))).toEqual(["second.eml"]);
  expect(await readFile(path.join(dataDir, MAIL_FOLDER, "second.eml"), "utf8")).toContain("Subject: Hello");
});

it("fails an attempt while the folder cannot be made, and succeeds once it can", async () => {
  // A file where the folder should be: mkdir fails.
  await writeFile(path.join(dataDir, MAIL_FOLDER), "in the way");
  const mailer = createMailer({ dataDir, from: email.from });
  await expect(mailer.send("blocked", email)).rejects.toThrow();
  await rm(path.join(dataDir, MAIL_FOLDER));
  await mailer.send("later", email);
  expect(await readdir(path.join(dataDir, MAIL_FOLDER))).toEqual(["later.eml"]);
});
