import * as v from "valibot";
import { limits } from "../../contract/lead";
import { parseCommand, runCommand, UsageError, type Io } from "../command-line";
import { loadConfig } from "../config";
import { accessExportCounts, CLI_ACTOR, countsOf } from "../store/audit";
import { openStoreApp } from "../store/store-app";

// `npm run leads -- purge | erase --email ADDRESS | person --email ADDRESS`,
// reading the same configuration as the server (DATA_DIR or DATABASE_URL, the
// RETENTION_* periods, the CRM webhook). Safe beside a running server: an
// erasure's lead.erased event is queued, and the server's worker sends it.

export const privacyUsage = `Usage: npm run leads -- purge
       npm run leads -- erase --email ADDRESS
       npm run leads -- person --email ADDRESS

  purge     removes what has outlived its retention period (RETENTION_*): enquiries, unconfirmed
            sign-ups, sent or failed deliveries and their mail files; prints the counts
  erase     removes everything about one email address (any case): enquiries, subscription,
            deliveries, mail files; tells the CRM (lead.erased) when forwarding is on; prints the counts
  person    prints everything held about one email address as JSON (a subject access request)`;

export const privacyCommands = ["purge", "erase", "person"] as const;

const address = v.pipe(v.string(), v.trim(), v.maxLength(limits.email), v.email());

function parse(argv: string[]) {
  const parsed = parseCommand(argv, privacyCommands, { email: { type: "string" } });
  if ("help" in parsed) return parsed;
  const { command, values } = parsed;
  if (command === "purge") {
    if (values.email !== undefined) throw new UsageError("purge takes no --email.");
    return { command };
  }
  const email = v.safeParse(address, values.email);
  if (!email.success) throw new UsageError(`${command} needs --email ADDRESS, a valid email address.`);
  return { command, email: email.output };
}

/** Runs purge, erase or person; resolves to the exit code (2 for a usage error). */
export async function runPrivacyCli(argv: string[], io: Io, usage: string): Promise<number> {
  return runCommand(io, usage, () => parse(argv), async (args) => {
    const config = loadConfig(io.env ?? process.env);
    const app = await openStoreApp(config, { personalData: true });
    const { personalData, audit } = app;
    try {
      if (args.command === "purge") {
        const result = await personalData.purge();
        await audit.record({ action: "purge", actor: CLI_ACTOR, detail: countsOf(result) });
        io.out(`Purged ${result.enquiries} enquiries, ${result.subscribers} unconfirmed sign-ups, ${result.deliveries} deliveries and ${result.mailFiles} mail files.\n`);
      } else if (args.command === "erase") {
        const { email, ...counts } = await personalData.erase(args.email!);
        // Counts only: the address itself is what was erased.
        await audit.record({ action: "erase", actor: CLI_ACTOR, detail: countsOf(counts) });
        const result = { email, ...counts };
        io.out(
          `Erased ${result.email}: ${result.enquiries} enquiries, ${result.subscribers} subscriptions, ${result.deliveries} deliveries, ${result.mailFiles} mail files` +
            `${result.crmNotified ? "; the CRM will be told (lead.erased)" : ""}.\n`,
        );
      } else {
        const record = await personalData.person(args.email!);
        await audit.record({ action: "access-export", actor: CLI_ACTOR, detail: accessExportCounts(record) });
        io.out(`${JSON.stringify(record, null, 2)}\n`);
      }
      return 0;
    } finally {
      await app.close();
    }
  });
}
