import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITE_TTL_MS } from "../../contract/team";
import { openDatabase } from "./database";
import * as openInvitesOnly from "./migrations/0013-open-invites-only";
import type { Database } from "./schema";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "./databases.test-support";
import { createTeamStore, LAST_SEEN_EVERY_MS, SECOND_STEP_TTL_MS, SESSION_TTL_MS, type TeamStore } from "./team-store";

// The team's store on SQLite and PostgreSQL: people, invitations, settings and
// sessions behave the same on both.

const iso = (time: number) => new Date(time).toISOString();
const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);

describe.each(kinds)("the team store on %s", (kind) => {
  let scratch: ScratchDatabase;
  let db: Kysely<Database>;
  let store: TeamStore;
  let made = 0;
  const person = (role: "owner" | "editor" | "inbox" | "analyst" = "editor") =>
    store.createPerson({ email: `Person${(made += 1)}@Team.Example`, name: `Person ${made}`, role, passwordHash: "scrypt$x" });

  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    db = (await openDatabase(scratch)).db;
    store = createTeamStore(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await scratch?.drop();
  });

  it("keeps one person per address, lower-cased, and refuses a second", async () => {
    const ann = await store.createPerson({ email: " Ann@Example.CO.UK ", name: "Ann", role: "owner", passwordHash: "scrypt$x" });
    expect(ann.email).toBe("ann@example.co.uk");
    expect((await store.personByEmail("ANN@example.co.uk"))?.id).toBe(ann.id);
    await expect(store.createPerson({ email: "ann@example.co.uk", name: "Ann again", role: "editor", passwordHash: "scrypt$x" })).rejects.toThrow();
  });

  it("never removes or demotes the last owner, and a change ends the person's sessions", async () => {
    const owners = (await store.listPeople()).filter((row) => row.role === "owner");
    for (const owner of owners.slice(1)) await store.removePerson(owner.id);
    const last = owners[0]!;
    expect(await store.changeRole(last.id, "editor")).toBe("last-owner");
    expect(await store.removePerson(last.id)).toBe("last-owner");
    expect(await store.removePerson("00000000-0000-4000-8000-000000000000")).toBe("not-found");

    const second = await person("owner");
    const cookie = await store.openSession({ personId: second.id, stage: "complete" });
    expect(await store.session(cookie)).toBeDefined();
    expect(await store.changeRole(second.id, "inbox")).toMatchObject({ role: "inbox" });
    expect(await store.session(cookie)).toBeUndefined();
    const again = await store.openSession({ personId: second.id, stage: "complete" });
    expect(await store.removePerson(second.id)).toMatchObject({ id: second.id });
    expect(await store.session(again)).toBeUndefined();
  });

  it("ends a session after its idle time without a request, and at its whole life however busy", async () => {
    const someone = await person("analyst");
    const minutes = (n: number) => n * 60_000;
    const short = createTeamStore(db, { sessionTtlMs: minutes(120), sessionIdleMs: minutes(30) });
    const now = Date.parse("2026-11-28T09:00:00.000Z");
    const busy = await short.openSession({ personId: someone.id, stage: "complete" }, now);
    // A request every 29 minutes keeps it, until its two hours are up.
    for (let at = minutes(29); at < minutes(120); at += minutes(29)) expect(await short.session(busy, now + at), `at ${at / 60_000} minutes`).toBeDefined();
    expect(await short.session(busy, now + minutes(120))).toBeUndefined();

    const idle = await short.openSession({ personId: someone.id, stage: "complete" }, now);
    expect(await short.session(idle, now + minutes(30) - 1)).toBeDefined();
    expect(await short.session(idle, now + minutes(30) - 1 + minutes(30))).toBeUndefined();
    // Ended, not merely refused: it is gone from the person's list too.
    expect((await short.sessionsOf(someone.id, now)).map((session) => session.id_hash)).not.toContain((await short.session(idle, now))?.session.id_hash ?? "gone");
    expect(await short.session(idle, now)).toBeUndefined();
  });

  it("accepts an invitation once, within 72 hours, unless it was withdrawn", async () => {
    const now = Date.parse("2026-11-27T10:00:00.000Z");
    const { invite, token } = await store.createInvite({ email: "New@Team.Example", role: "inbox", invitedBy: "cli" }, now);
    expect(invite).toMatchObject({ email: "new@team.example", role: "inbox", expires_at: new Date(now + INVITE_TTL_MS).toISOString() });
    // Only the token's hash is kept.
    expect(JSON.stringify(await db.selectFrom("team_invites").selectAll().execute())).not.toContain(token);
    expect((await store.inviteByToken(token, now + INVITE_TTL_MS - 1))?.id).toBe(invite.id);
    expect(await store.inviteByToken(token, now + INVITE_TTL_MS)).toBeUndefined();
    expect(await store.acceptInvite(token, { name: "Late", passwordHash: "scrypt$x" }, now + INVITE_TTL_MS)).toBeUndefined();
    expect(await store.listInvites(now)).toEqual([expect.objectContaining({ id: invite.id })]);

    const joined = await store.acceptInvite(token, { name: "New Person", passwordHash: "scrypt$x" }, now + 1000);
    expect(joined).toMatchObject({ email: "new@team.example", role: "inbox", name: "New Person" });
    expect(await store.acceptInvite(token, { name: "Twice", passwordHash: "scrypt$x" }, now + 2000)).toBeUndefined();
    expect(await store.inviteByToken(token, now + 2000)).toBeUndefined();
    expect(await store.listInvites(now)).toEqual([]);
    // The accepted invitation is gone: the address is the person's own row now, and nowhere else.
    expect(await db.selectFrom("team_invites").select("id").where("email", "=", "new@team.example").execute()).toEqual([]);

    const withdrawn = await store.createInvite({ email: "gone@team.example", role: "analyst", invitedBy: joined!.id }, now);
    expect((await store.withdrawInvite(withdrawn.invite.id))?.id).toBe(withdrawn.invite.id);
    expect(await store.withdrawInvite(withdrawn.invite.id)).toBeUndefined();
    expect(await store.acceptInvite(withdrawn.token, { name: "Gone", passwordHash: "scrypt$x" }, now)).toBeUndefined();
    expect(await store.inviteByToken("not a token")).toBeUndefined();
  });

  it("deletes an invitation, and the address it holds, once it has expired: at the next sign-in or invitation", async () => {
    const now = Date.parse("2026-11-28T10:00:00.000Z");
    const invited = (address: string) => db.selectFrom("team_invites").select("email").where("email", "=", address).execute();
    await store.createInvite({ email: "lapsed@team.example", role: "analyst", invitedBy: "cli" }, now);
    await store.createInvite({ email: "lapsing@team.example", role: "analyst", invitedBy: "cli" }, now + 1000);
    const signer = await person();
    await store.openSession({ personId: signer.id, stage: "complete" }, now + INVITE_TTL_MS - 1);
    expect(await invited("lapsed@team.example")).toHaveLength(1);
    await store.openSession({ personId: signer.id, stage: "complete" }, now + INVITE_TTL_MS);
    expect(await invited("lapsed@team.example")).toEqual([]);
    expect(await invited("lapsing@team.example")).toHaveLength(1);
    await store.createInvite({ email: "next@team.example", role: "inbox", invitedBy: "cli" }, now + INVITE_TTL_MS + 1000);
    expect(await invited("lapsing@team.example")).toEqual([]);
    expect(await invited("next@team.example")).toHaveLength(1);
  });

  it("an upgraded store keeps only its open invitations", async () => {
    // As a store was before: the column that marked acceptances, and rows accepted or expired long ago.
    const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await openInvitesOnly.down(db as Kysely<unknown>);
    const now = Date.now();
    const row = (id: string, createdAt: number, acceptedAt: string | null) => ({
      id,
      token_hash: `hash-${id}`,
      email: `${id}@team.example`,
      role: "inbox",
      invited_by: "cli",
      created_at: iso(createdAt),
      expires_at: iso(createdAt + INVITE_TTL_MS),
      accepted_at: acceptedAt,
    });
    await raw.deleteFrom("team_invites").execute();
    await raw
      .insertInto("team_invites")
      .values([row("accepted", now - 1000, iso(now - 500)), row("expired", now - INVITE_TTL_MS - 1000, null), row("open", now - 1000, null)])
      .execute();
    await openInvitesOnly.up(db as Kysely<unknown>);
    expect(await db.selectFrom("team_invites").selectAll().execute()).toEqual([expect.objectContaining({ id: "open", email: "open@team.example" })]);
    expect(Object.keys((await db.selectFrom("team_invites").selectAll().executeTakeFirstOrThrow()) as object)).not.toContain("accepted_at");
  });

  it("keeps the team's settings in one row", async () => {
    expect(await store.settings()).toEqual({ requireSecondFactor: false });
    await store.saveSettings({ requireSecondFactor: true });
    expect(await store.settings()).toEqual({ requireSecondFactor: true });
    await store.saveSettings({ requireSecondFactor: false });
  });

  it("opens sessions by stage, notes when they were last seen at most once a minute, and ends them one or all", async () => {
    const someone = await person("analyst");
    const now = Date.now();
    const waiting = await store.openSession({ personId: someone.id, stage: "second-factor", userAgent: "Mozilla/5.0" }, now);
    const live = (await store.session(waiting, now))!;
    expect(live.session.stage).toBe("second-factor");
    // Only the cookie's hash is kept, and the public id is not it.
    expect(live.session.id_hash).not.toBe(waiting);
    expect(live.session.public_id).not.toBe(live.session.id_hash.slice(0, live.session.public_id.length));
    expect(await store.session(waiting, now + SECOND_STEP_TTL_MS)).toBeUndefined();
    await store.completeSession(live.session.id_hash, now);
    expect((await store.session(waiting, now + SECOND_STEP_TTL_MS))?.session.stage).toBe("complete");
    expect(await store.session(waiting, now + SESSION_TTL_MS)).toBeUndefined();

    const fresh = await store.openSession({ personId: someone.id, stage: "complete" }, now);
    const seen = (await store.session(fresh, now + LAST_SEEN_EVERY_MS - 1))!;
    expect(seen.session.last_seen_at).toBe(new Date(now).toISOString());
    const later = (await store.session(fresh, now + LAST_SEEN_EVERY_MS))!;
    expect(later.session.last_seen_at).toBe(new Date(now + LAST_SEEN_EVERY_MS).toISOString());
    expect((await store.personById(someone.id))?.last_seen_at).toBe(new Date(now + LAST_SEEN_EVERY_MS).toISOString());

    const second = await store.openSession({ personId: someone.id, stage: "complete" }, now);
    const third = await store.openSession({ personId: someone.id, stage: "complete" }, now);
    await store.endSession(fresh);
    expect(await store.sessionsOf(someone.id, now)).toHaveLength(3);
    // Someone else cannot end it by its public id; its owner can.
    const other = await person();
    const secondId = (await store.session(second, now))!.session.public_id;
    expect(await store.endSessionOf(other.id, secondId)).toBe(false);
    expect(await store.endSessionOf(someone.id, secondId)).toBe(true);
    expect(await store.session(second, now)).toBeUndefined();
    expect(await store.endSessionsOf(someone.id, { except: live.session.id_hash })).toBe(1);
    expect(await store.session(third, now)).toBeUndefined();
    expect(await store.session(waiting, now)).toBeDefined();
    await store.endSession(waiting);
    expect(await store.sessionsOf(someone.id, now)).toEqual([]);
  });
});
