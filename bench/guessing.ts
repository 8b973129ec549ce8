// Part p: a guessing drill against the team's sign-in, with the shipped
// limits and TRUST_PROXY set, so each request names its own address:
//   1. 300 wrong passwords for one editor, sent at once from 60 addresses;
//   2. 200 wrong second-step codes for one inbox person, sent at once over
//      20 sign-ins (sessions waiting for their second step);
//   3. 120 failures with made-up emails, sent at once from 30 addresses.
// Then the editor signs in from the browser they used before (its device
// cookie) and from a new one. Counts what was checked against each limit,
// and times the lead intake (an enquiry through the server's own route) at
// rest and while the floods run.
//   node --import tsx bench/guessing.ts   (or npm run bench -- --only guessing)
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { InjectOptions } from "fastify";
import { CONTACT_ENDPOINT } from "../contract/lead";
import { teamEndpoints } from "../contract/team";
import { MAIL_FOLDER } from "../server/mail/mailer";
import { signedInAs, signIn, startTestApp, TEST_PASSWORD } from "../server/app.test-support";
import { SESSION_COOKIE } from "../server/admin/session";
import { DEVICE_COOKIE } from "../server/team/device-cookie";
import { ACCOUNT_LOCK_AFTER } from "../server/team/sign-in-routes";
import { PERSON_CODE_ATTEMPTS_MAX } from "../server/team/second-factor/second-factors";
import { enquiryRequest } from "./api";
import { isMain, report } from "./lib";

const EDITOR = "editor@team.example";
const INBOX = "inbox@team.example";
/** Enquiries timed at rest, one after another. */
const AT_REST = 100;

const at = (n: number) => `198.51.${Math.floor(n / 250)}.${1 + (n % 250)}`;
const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))] ?? 0;
const count = (codes: number[], code: number) => codes.filter((status) => status === code).length;

export async function runGuessing() {
  const t = await startTestApp({ LOG_LEVEL: "silent", TRUST_PROXY: "1", ADMIN_PASSWORD: "the owner's own long password" });
  const { app } = t;
  const inject = (options: InjectOptions, address: string) => app.inject({ ...options, headers: { ...options.headers, "x-forwarded-for": address } });
  try {
    const editor = (await signedInAs(app, "editor", { email: EDITOR, secondFactor: false })).person;
    const inbox = (await signedInAs(app, "inbox", { email: INBOX })).person;
    // The editor's own browser signed in yesterday: it holds a device cookie.
    const before = await signIn(app, { email: EDITOR, password: TEST_PASSWORD }, { headers: { "x-forwarded-for": "192.0.2.10" } });
    const setCookies: unknown[] = [before.headers["set-cookie"]].flat();
    const device = setCookies.map((line) => String(line).split(";")[0]!).find((pair) => pair.startsWith(`${DEVICE_COOKIE}=`))!;

    /** One enquiry through the intake: how long it took, in ms. */
    let leads = 0;
    const lead = async () => {
      leads += 1;
      const { body, headers } = enquiryRequest(`drill-${leads}@example.co.uk`);
      const started = performance.now();
      const answer = await inject({ method: "POST", url: CONTACT_ENDPOINT, payload: body, headers }, `203.0.113.${1 + (leads % 200)}`);
      if (answer.statusCode >= 300) throw new Error(`The intake refused an enquiry: ${answer.statusCode} ${answer.body}`);
      return performance.now() - started;
    };
    const rest: number[] = [];
    for (let i = 0; i < AT_REST; i += 1) rest.push(await lead());

    // The floods, all at once; enquiries one after another until they have all been answered.
    const codes = Array.from({ length: 20 }, async () => `${SESSION_COOKIE}=${await app.teamStore.openSession({ personId: inbox.id, stage: "second-factor" })}`);
    const sessions = await Promise.all(codes);
    const started = performance.now();
    const floods = Promise.all([
      Promise.all(Array.from({ length: 300 }, (_, i) => signIn(app, { email: EDITOR, password: `guess ${i}` }, { headers: { "x-forwarded-for": at(i % 60) } }))),
      Promise.all(Array.from({ length: 200 }, (_, i) => inject({ method: "POST", url: teamEndpoints.secondFactor, payload: { code: String(100000 + i) }, headers: { cookie: sessions[i % 20]! } }, at(100 + (i % 20))))),
      Promise.all(Array.from({ length: 120 }, (_, i) => signIn(app, { email: `made-up-${i}@team.example`, password: "a guess at anyone" }, { headers: { "x-forwarded-for": at(200 + (i % 30)) } }))),
    ]);
    let flooding = true;
    const during: number[] = [];
    const timing = (async () => {
      while (flooding) during.push(await lead());
    })();
    const [passwords, secondSteps, madeUp] = await floods;
    flooding = false;
    await timing;
    const seconds = (performance.now() - started) / 1000;

    const checkedCodes = (await app.audit.list({ page: 1, pageSize: 1000, actor: INBOX })).items.filter((entry) => entry.action === "sign-in-failed").length;
    const known = await signIn(app, { email: EDITOR, password: TEST_PASSWORD }, { headers: { "x-forwarded-for": "192.0.2.11", cookie: device } });
    const fresh = await signIn(app, { email: EDITOR, password: TEST_PASSWORD }, { headers: { "x-forwarded-for": "192.0.2.12" } });
    const folder = path.join(t.config.dataDir, MAIL_FOLDER);
    const mails = await Promise.all((await readdir(folder).catch(() => [] as string[])).map((file) => readFile(path.join(folder, file), "utf8")));
    const busy = (responses: { statusCode: number; headers: Record<string, unknown> }[]) => responses.filter((response) => response.statusCode === 429 && response.headers["retry-after"] === "5").length;
    const status = (responses: { statusCode: number }[]) => responses.map((response) => response.statusCode);

    report("guessing", "A guessing drill at the team's sign-in, with the shipped limits, sent at once (TRUST_PROXY=1, an address per request)", [
      {
        flood: "300 wrong passwords, one editor, 60 addresses",
        limit: `${ACCOUNT_LOCK_AFTER} per account`,
        "checked (401)": count(status(passwords), 401),
        "refused by a limit (429)": count(status(passwords), 429) - busy(passwords),
        "refused, checks busy (429)": busy(passwords),
        emails: mails.filter((mail) => mail.includes(editor.email) && mail.includes("Your account is locked")).length,
      },
      {
        flood: "200 wrong codes, one person, 20 sign-ins",
        limit: `${PERSON_CODE_ATTEMPTS_MAX} per person`,
        "checked (401)": checkedCodes,
        "refused by a limit (429)": count(status(secondSteps), 429),
        "refused, checks busy (429)": 0,
        emails: mails.filter((mail) => mail.includes(inbox.email) && mail.includes("Too many wrong codes")).length,
      },
      {
        flood: "120 made-up emails, 30 addresses",
        limit: `${app.config.admin.signInTotalMax} in total`,
        "checked (401)": count(status(madeUp), 401),
        "refused by a limit (429)": count(status(madeUp), 429) - busy(madeUp),
        "refused, checks busy (429)": busy(madeUp),
        emails: 0,
      },
    ]);
    report("guessing-after", "After the floods: the editor signs in, and the lead intake's time", [
      {
        "from their known browser": known.statusCode,
        "from a new browser": fresh.statusCode,
        "intake p99 at rest (ms)": p99(rest).toFixed(1),
        "intake p99 during the floods (ms)": p99(during).toFixed(1),
        "enquiries during": during.length,
        "floods (s)": seconds.toFixed(1),
      },
    ]);
  } finally {
    await t.close();
  }
}

if (isMain(import.meta.url)) await runGuessing();
