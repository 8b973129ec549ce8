import { inviteLinkPath, PASSWORD_RESET_TTL_MS, resetLinkPath, roles, type Role } from "../contract/team";
import { parseCommand, runAsScript, runCommand, UsageError, type Io } from "./command-line";
import { loadConfig } from "./config";
import { CLI_ACTOR } from "./store/audit";
import { openStoreApp } from "./store/store-app";

// The team from the command line: `npm run owners -- invite --email E --role R`
// prints an invitation's link (the first owner's too, on a fresh server with
// no ADMIN_PASSWORD); `list` shows the team; `remove --email E` takes someone
// out and ends their sessions, never the last owner; `reset --email E` prints
// a "forgot your password" link, where no mail server sends it. Same store as the server
// (DATA_DIR or DATABASE_URL); each change is recorded as done by "cli".

const usage = `Usage: npm run owners -- invite --email ADDRESS --role ${roles.join("|")}
       npm run owners -- list
       npm run owners -- remove --email ADDRESS
       npm run owners -- reset --email ADDRESS

  invite   prints a link that lets the address join with that role (once, within 72 hours);
           pass it on yourself: nothing is emailed from here
  list     everyone in the team: email, name, role, second factor, last seen;
           then the open invitations: email, role, expiry
  remove   takes the address out of the team and ends its sessions (never the last owner)
  reset    prints a link that lets the person choose a new password (once, within ${PASSWORD_RESET_TTL_MS / 60_000} minutes;
           using it ends their sessions); pass it on yourself: nothing is emailed from here`;

type Args = { command: "invite"; email: string; role: Role } | { command: "list" } | { command: "remove" | "reset"; email: string };

const emailPattern = /^[^\s@]+@[^\s@]+$/;

function parse(argv: string[]): Args | { help: true } {
  const parsed = parseCommand(argv, ["invite", "list", "remove", "reset"], { email: { type: "string" }, role: { type: "string" } });
  if ("help" in parsed) return parsed;
  const { command, values } = parsed;
  if (command === "list") return { command };
  const email = typeof values.email === "string" ? values.email.trim().toLowerCase() : "";
  if (!emailPattern.test(email)) throw new UsageError("--email must be an email address.");
  if (command === "remove" || command === "reset") return { command, email };
  if (!(roles as readonly unknown[]).includes(values.role)) throw new UsageError(`--role must be one of ${roles.join(", ")}.`);
  return { command: "invite", email, role: values.role as Role };
}

/** Runs the command; resolves to the exit code (2 for a usage error, 1 for a refusal). */
export async function runOwnersCli(argv: string[], io: Io): Promise<number> {
  return runCommand(io, usage, () => parse(argv), async (args) => {
    const config = loadConfig(io.env ?? process.env);
    const app = await openStoreApp(config, { team: true });
    const team = app.teamStore;
    try {
      if (args.command === "invite") {
        if (await team.personByEmail(args.email)) {
          io.err(`${args.email} is in the team already.\n`);
          return 1;
        }
        const { invite, token } = await team.createInvite({ email: args.email, role: args.role, invitedBy: CLI_ACTOR });
        await app.audit.record({ action: "person-invited", actor: CLI_ACTOR, detail: { id: invite.id, role: invite.role, emailed: false } });
        io.out(`${new URL(inviteLinkPath(token), config.publicSiteUrl).toString()}\n`);
        io.err(`Invitation for ${invite.email} as ${invite.role}, until ${invite.expires_at}. The link works once.\n`);
        return 0;
      }
      if (args.command === "list") {
        const factors = app.secondFactorStore;
        const lines = [["email", "name", "role", "second factor", "last seen"].join("\t")];
        for (const person of await team.listPeople()) {
          const secondFactor = (await factors.passkeysOf(person.id)).length > 0 || (await factors.totpOf(person.id))?.confirmedAt ? "yes" : "no";
          lines.push([person.email, person.name, person.role, secondFactor, person.last_seen_at ?? "never"].join("\t"));
        }
        // Open invitations beside the people: each is a way in until it is used, withdrawn or expires.
        const invites = await team.listInvites();
        if (invites.length > 0) {
          lines.push("", ["open invitation", "role", "expires"].join("\t"));
          for (const invite of invites) lines.push([invite.email, invite.role, invite.expires_at].join("\t"));
        }
        io.out(`${lines.join("\n")}\n`);
        return 0;
      }
      const person = await team.personByEmail(args.email);
      if (args.command === "reset") {
        if (!person) {
          io.err(`${args.email} is not in the team.\n`);
          return 1;
        }
        const { token, expiresAt } = await team.createReset(person.id);
        await app.audit.record({ action: "password-reset-requested", actor: CLI_ACTOR, detail: { id: person.id } });
        io.out(`${new URL(resetLinkPath(token), config.publicSiteUrl).toString()}\n`);
        io.err(`Password reset link for ${person.email}, until ${expiresAt}. It works once; its earlier links no longer do.\n`);
        return 0;
      }
      const removed = person ? await team.removePerson(person.id) : "not-found";
      if (removed === "not-found") {
        io.err(`${args.email} is not in the team.\n`);
        return 1;
      }
      if (removed === "last-owner") {
        io.err(`${args.email} is the last owner: invite another owner first.\n`);
        return 1;
      }
      await app.secondFactorStore.forget(removed.id);
      await app.audit.record({ action: "person-removed", actor: CLI_ACTOR, detail: { id: removed.id, role: removed.role, invitesWithdrawn: removed.invitesWithdrawn } });
      io.out(`Removed ${removed.email}; their sessions are ended.\n`);
      return 0;
    } finally {
      await app.close();
    }
  });
}

runAsScript(import.meta.url, runOwnersCli);
