// Part p: a password-guessing drill against the team's sign-in, with the
// shipped limits (5 tries a window per address, 100 failures a window in all,
// a lock at an account's tenth wrong password): ADDRESSES addresses, each
// trying until it is refused, against the owner's account; then the right
// password from a new address. Counts what was checked and what was refused,
// and the lock emails the account's person received.
//   node --import tsx bench/guessing.ts   (or npm run bench -- --only guessing)
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { MAIL_FOLDER } from "../server/mail/mailer";
import { signIn, startTestApp } from "../server/app.test-support";
import { isMain, report } from "./lib";

const ADDRESSES = Number(process.env.GUESSING_BENCH_ADDRESSES ?? 50);
const TRIES_PER_ADDRESS = 6;
const OWNER = "team@localhost";
const PASSWORD = "the owner's own long password";

export async function runGuessing() {
  const t = await startTestApp({ ADMIN_PASSWORD: PASSWORD, TEAM_EMAIL: OWNER, LOG_LEVEL: "silent" });
  try {
    const answers: Record<number, number> = {};
    const started = performance.now();
    for (let address = 1; address <= ADDRESSES; address += 1) {
      for (let guess = 0; guess < TRIES_PER_ADDRESS; guess += 1) {
        const { statusCode } = await signIn(t.app, { email: OWNER, password: `guess ${address}-${guess}` }, { remoteAddress: `198.51.${address % 256}.${1 + Math.floor(address / 256)}` });
        answers[statusCode] = (answers[statusCode] ?? 0) + 1;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const right = await signIn(t.app, { email: OWNER, password: PASSWORD }, { remoteAddress: "192.0.2.1" });
    const folder = path.join(t.config.dataDir, MAIL_FOLDER);
    const mails = await Promise.all((await readdir(folder).catch(() => [] as string[])).map((file) => readFile(path.join(folder, file), "utf8")));
    report("guessing", `Guessing the owner's password from ${ADDRESSES} addresses, ${TRIES_PER_ADDRESS} tries each, with the shipped limits`, [
      {
        addresses: ADDRESSES,
        tries: ADDRESSES * TRIES_PER_ADDRESS,
        "checked (401)": answers[401] ?? 0,
        "refused unchecked (429)": answers[429] ?? 0,
        "other answers": Object.entries(answers).filter(([code]) => code !== "401" && code !== "429").length,
        "right password after": right.statusCode,
        "lock emails to the owner": mails.filter((mail) => mail.includes(OWNER) && mail.includes("Your account is locked")).length,
        "drill (s)": seconds.toFixed(1),
      },
    ]);
  } finally {
    await t.close();
  }
}

if (isMain(import.meta.url)) await runGuessing();
