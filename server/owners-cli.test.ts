import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./store/database";
import { createTeamStore } from "./store/team-store";
import { runOwnersCli } from "./owners-cli";

// `npm run owners`: invitations, the team's list and removals from the
// command line, on the store the server uses, each recorded as "cli".

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "owners-cli-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function run(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await runOwnersCli(argv, { out: (text) => (out += text), err: (text) => (err += text), env: { DATA_DIR: dataDir, PUBLIC_SITE_URL: "https://site.example" } });
  return { code, out, err };
}

/** The store as the server would see it, for a check or a seed. */
async function withStore<T>(use: (store: ReturnType<typeof createTeamStore>, db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const { db } = await openDatabase({ dataDir });
  try {
    return await use(createTeamStore(db), db);
  } finally {
    await db.destroy();
  }
}

describe("npm run owners", () => {
  it("invites the first owner on an empty team: prints a link that opens the invitation", async () => {
    const { code, out } = await run("invite", "--email", "First@Team.Example", "--role", "owner");
    expect(code).toBe(0);
    const link = out.trim();
    expect(link).toMatch(/^https:\/\/site\.example\/admin#invite=[\w-]{43}$/);
    const token = link.split("#invite=")[1]!;
    const invite = await withStore((store) => store.inviteByToken(token));
    expect(invite).toMatchObject({ email: "first@team.example", role: "owner", invited_by: "cli" });
    await withStore((store) => store.acceptInvite(token, { name: "First", passwordHash: "scrypt$x" }));
  });

  it("prints a password reset link for a person in the team, and refuses an address that is not", async () => {
    await withStore((store) => store.createPerson({ email: "forgetful@team.example", name: "Forgetful", role: "editor", passwordHash: "scrypt$x" }));
    const { code, out, err } = await run("reset", "--email", "Forgetful@Team.Example");
    expect(code).toBe(0);
    const link = out.trim();
    expect(link).toMatch(/^https:\/\/site\.example\/admin#reset=[\w-]{43}$/);
    expect(err).toMatch(/works once/);
    expect((await withStore((store) => store.resetByToken(link.split("#reset=")[1]!)))?.email).toBe("forgetful@team.example");
    const unknown = await run("reset", "--email", "nobody@team.example");
    expect([unknown.code, unknown.err]).toEqual([1, "nobody@team.example is not in the team.\n"]);
    await withStore(async (store) => {
      const person = (await store.personByEmail("forgetful@team.example"))!;
      await store.removePerson(person.id);
    });
    await withStore((_store, db) => db.deleteFrom("owner_actions").where("action", "=", "password-reset-requested").execute());
  });

  it("lists the team, and removes a person but never the last owner", async () => {
    await withStore((store) => store.createPerson({ email: "reader@team.example", name: "Reader", role: "inbox", passwordHash: "scrypt$x" }));
    const listed = await run("list");
    expect(listed.code).toBe(0);
    expect(listed.out.split("\n")[0]).toBe("email\tname\trole\tsecond factor\tlast seen");
    expect(listed.out).toContain("first@team.example\tFirst\towner\tno\tnever");
    expect(listed.out).toContain("reader@team.example\tReader\tinbox\tno\tnever");
    // Open invitations follow the people, with their role and expiry.
    const { invite } = await withStore((store) => store.createInvite({ email: "Joining@Team.Example", role: "analyst", invitedBy: "cli" }));
    const withInvite = await run("list");
    expect(withInvite.out).toContain(`\nopen invitation\trole\texpires\njoining@team.example\tanalyst\t${invite.expires_at}\n`);
    await withStore((store) => store.withdrawInvite(invite.id));
    expect((await run("list")).out).not.toContain("open invitation");

    const reader = (await withStore((store) => store.personByEmail("reader@team.example")))!;
    const cookie = await withStore((store) => store.openSession({ personId: reader.id, stage: "complete" }));
    const removed = await run("remove", "--email", "reader@team.example");
    expect(removed.code).toBe(0);
    expect(await withStore((store) => store.session(cookie))).toBeUndefined();
    expect((await run("remove", "--email", "reader@team.example")).code).toBe(1);
    const last = await run("remove", "--email", "first@team.example");
    expect(last.code).toBe(1);
    expect(last.err).toContain("last owner");
    expect((await run("invite", "--email", "first@team.example", "--role", "editor")).code).toBe(1);

    const trail = await withStore((_store, db) => db.selectFrom("owner_actions").select(["action", "actor"]).orderBy("id").execute());
    expect(trail).toEqual([
      { action: "person-invited", actor: "cli" },
      { action: "person-removed", actor: "cli" },
    ]);
  });

  it("refuses a bad argument with the usage and exit code 2", async () => {
    for (const argv of [["invite", "--email", "not-an-address", "--role", "owner"], ["invite", "--email", "a@b.example", "--role", "boss"], ["remove"], ["promote"]]) {
      const { code, err } = await run(...argv);
      expect(code, argv.join(" ")).toBe(2);
      expect(err).toContain("Usage: npm run owners");
    }
    expect((await run("--help")).out).toContain("Usage: npm run owners");
  });
});
