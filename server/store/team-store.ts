import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { INVITE_TTL_MS, PASSWORD_RESET_TTL_MS, type Role } from "../../contract/team";
import type { AdminSessionTable, Database, TeamInviteTable, TeamPersonTable } from "./schema";

// The owner's team: people, invitations, the team's settings and each
// person's sessions. A session is a row found by the hash of the cookie's
// random id, so instances sharing the store share sessions, and ending one
// (signing out, a removal, a new role) ends it everywhere at the next request.

/** A session's whole life, and how long it lasts without a request (ADMIN_SESSION_HOURS, ADMIN_SESSION_IDLE_MINUTES). */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** A password checked and the second step not yet given: this long to give it. */
export const SECOND_STEP_TTL_MS = 10 * 60 * 1000;
/** A session's and its person's last_seen_at are written at most this often. */
export const LAST_SEEN_EVERY_MS = 60 * 1000;
/** A session cookie's value, and an invitation's token: 32 random bytes, base64url. */
const TOKEN_BYTES = 32;
export const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
export const sessionIdPattern = tokenPattern;
export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
export const hashSessionId = hashToken;
const newToken = () => randomBytes(TOKEN_BYTES).toString("base64url");

export type PersonRow = Selectable<TeamPersonTable>;
export type InviteRow = Selectable<TeamInviteTable>;
export type SessionRow = Selectable<AdminSessionTable>;
export type SessionStage = SessionRow["stage"];

/** Why a change to the team was refused. */
export type TeamRefusal = "not-found" | "last-owner";

export interface TeamStore {
  createPerson(person: { email: string; name: string; role: Role; passwordHash: string }, now?: number): Promise<PersonRow>;
  personByEmail(email: string): Promise<PersonRow | undefined>;
  personById(id: string): Promise<PersonRow | undefined>;
  /** Everyone, by email. */
  listPeople(): Promise<PersonRow[]>;
  countPeople(): Promise<number>;
  /** A new role, and all their sessions ended; the last owner keeps theirs. `previousRole` is the role before. */
  changeRole(id: string, role: Role): Promise<(PersonRow & { previousRole: Role }) | TeamRefusal>;
  /** Removed, all their sessions ended and the invitations they sent and nobody used withdrawn; never the last owner. */
  removePerson(id: string): Promise<(PersonRow & { invitesWithdrawn: number }) | TeamRefusal>;
  setPasswordHash(id: string, passwordHash: string): Promise<void>;
  /** A new invitation; answers it with its token (only its hash is kept). */
  createInvite(invite: { email: string; role: Role; invitedBy: string }, now?: number): Promise<{ invite: InviteRow; token: string }>;
  /** The open invitation the token names: not accepted, withdrawn or expired. */
  inviteByToken(token: string, now?: number): Promise<InviteRow | undefined>;
  /** Open invitations, newest first. */
  listInvites(now?: number): Promise<InviteRow[]>;
  /**
   * The invitation accepted (once: accepting deletes it) and its person made
   * with its email and role, in one transaction: undefined when it is not open
   * (used, withdrawn, expired) or its address joined meanwhile.
   */
  acceptInvite(token: string, person: { name: string; passwordHash: string }, now?: number): Promise<PersonRow | undefined>;
  withdrawInvite(id: string): Promise<InviteRow | undefined>;

  /** A "forgot your password" link for the person, working once for PASSWORD_RESET_TTL_MS; their earlier links are void. */
  createReset(personId: string, now?: number): Promise<{ token: string; expiresAt: string }>;
  /** The person an open reset link names. */
  resetByToken(token: string, now?: number): Promise<PersonRow | undefined>;
  /**
   * The link used (deleted, so a second use finds nothing), the new password
   * set and every session of the person ended, in one transaction: the person,
   * and how many sessions ended; undefined when the link is not open.
   */
  useReset(token: string, passwordHash: string, now?: number): Promise<{ person: PersonRow; sessionsEnded: number } | undefined>;

  settings(): Promise<{ requireSecondFactor: boolean }>;
  saveSettings(settings: { requireSecondFactor: boolean }): Promise<void>;

  /** Opens a session; answers the cookie's value (never stored as such). */
  openSession(session: { personId: string; stage: SessionStage; userAgent?: string }, now?: number): Promise<string>;
  /** The live session the cookie's value names, with its person; its last_seen_at kept (at most once a minute); one idle too long is ended. */
  session(id: string | undefined, now?: number): Promise<{ session: SessionRow; person: PersonRow } | undefined>;
  /** A person's live sessions, newest first. */
  sessionsOf(personId: string, now?: number): Promise<SessionRow[]>;
  /** The second step given: the session is complete, for the whole session's time. */
  completeSession(idHash: string, now?: number): Promise<void>;
  /** The person proved it was them again (their password): security changes are open for a while. */
  confirmSession(idHash: string, now?: number): Promise<void>;
  /** Ends the session the cookie's value names (signing out). */
  endSession(id: string | undefined): Promise<void>;
  /** Ends one of a person's sessions by its public id; false when they have no such session. */
  endSessionOf(personId: string, publicId: string): Promise<boolean>;
  /** Ends all of a person's sessions, but the one with this id hash; answers how many. */
  endSessionsOf(personId: string, options?: { except?: string }): Promise<number>;
}

const iso = (now: number) => new Date(now).toISOString();
const email = (address: string) => address.trim().toLowerCase();

export function createTeamStore(db: Kysely<Database>, { sessionTtlMs = SESSION_TTL_MS, sessionIdleMs = SESSION_IDLE_MS }: { sessionTtlMs?: number; sessionIdleMs?: number } = {}): TeamStore {
  const personById = (id: string) => db.selectFrom("team_people").selectAll().where("id", "=", id).executeTakeFirst();
  const endSessionsOf = async (personId: string, { except }: { except?: string } = {}) => {
    let query = db.deleteFrom("admin_sessions").where("person_id", "=", personId);
    if (except) query = query.where("id_hash", "!=", except);
    return Number((await query.executeTakeFirst()).numDeletedRows);
  };
  /** An invitation past its 72 hours can no longer be used: its address is deleted with it. */
  const sweepExpiredInvites = async (now: number) => {
    await db.deleteFrom("team_invites").where("expires_at", "<=", iso(now)).execute();
  };

  /** A change to one person under the last-owner rule, then their sessions ended. */
  const changePerson = async (id: string, role: Role | "removed"): Promise<(PersonRow & { previousRole: Role; invitesWithdrawn: number }) | TeamRefusal> => {
    const result = await db.transaction().execute(async (trx): Promise<(PersonRow & { previousRole: Role; invitesWithdrawn: number }) | TeamRefusal> => {
      const person = await trx.selectFrom("team_people").selectAll().where("id", "=", id).executeTakeFirst();
      if (!person) return "not-found";
      const previousRole = person.role;
      // The same role again changes nothing, and ends nothing.
      if (person.role === role) return { ...person, previousRole, invitesWithdrawn: 0 };
      if (person.role === "owner" && role !== "owner") {
        const owners = await trx.selectFrom("team_people").select((eb) => eb.fn.countAll<string | number>().as("n")).where("role", "=", "owner").executeTakeFirstOrThrow();
        if (Number(owners.n) <= 1) return "last-owner";
      }
      let invitesWithdrawn = 0;
      if (role === "removed") {
        await trx.deleteFrom("team_people").where("id", "=", id).execute();
        // A way in that someone who has left handed out is not left open after them.
        invitesWithdrawn = Number((await trx.deleteFrom("team_invites").where("invited_by", "=", id).executeTakeFirst()).numDeletedRows);
        await trx.deleteFrom("team_password_resets").where("person_id", "=", id).execute();
      } else await trx.updateTable("team_people").set({ role }).where("id", "=", id).execute();
      await trx.deleteFrom("admin_sessions").where("person_id", "=", id).execute();
      return role === "removed" ? { ...person, previousRole, invitesWithdrawn } : { ...person, role, previousRole, invitesWithdrawn };
    });
    return result;
  };

  return {
    async createPerson(person, now = Date.now()) {
      const row = {
        id: randomUUID(),
        email: email(person.email),
        name: person.name,
        role: person.role,
        password_hash: person.passwordHash,
        created_at: iso(now),
        last_seen_at: null,
        failed_sign_ins: 0,
        locked_until: null,
      };
      await db.insertInto("team_people").values(row).execute();
      return row;
    },
    personByEmail: (address) => db.selectFrom("team_people").selectAll().where("email", "=", email(address)).executeTakeFirst(),
    personById,
    listPeople: () => db.selectFrom("team_people").selectAll().orderBy("email").execute(),
    async countPeople() {
      const counted = await db.selectFrom("team_people").select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
      return Number(counted.n);
    },
    changeRole: (id, role) => changePerson(id, role),
    removePerson: (id) => changePerson(id, "removed"),
    async setPasswordHash(id, passwordHash) {
      await db.updateTable("team_people").set({ password_hash: passwordHash }).where("id", "=", id).execute();
    },

    async createInvite(invite, now = Date.now()) {
      const token = newToken();
      const row = {
        id: randomUUID(),
        token_hash: hashToken(token),
        email: email(invite.email),
        role: invite.role,
        invited_by: invite.invitedBy,
        created_at: iso(now),
        expires_at: iso(now + INVITE_TTL_MS),
      };
      await sweepExpiredInvites(now);
      await db.insertInto("team_invites").values(row).execute();
      return { invite: row, token };
    },
    async inviteByToken(token, now = Date.now()) {
      if (!tokenPattern.test(token)) return undefined;
      return db
        .selectFrom("team_invites")
        .selectAll()
        .where("token_hash", "=", hashToken(token))
        .where("expires_at", ">", iso(now))
        .executeTakeFirst();
    },
    listInvites: (now = Date.now()) => db.selectFrom("team_invites").selectAll().where("expires_at", ">", iso(now)).orderBy("created_at", "desc").execute(),
    async acceptInvite(token, person, now = Date.now()) {
      if (!tokenPattern.test(token)) return undefined;
      return db.transaction().execute(async (trx) => {
        // The delete is the claim: of two acceptances at once, one deletes the row and the other finds none.
        // From here the address is the person's own row, and no invitation keeps a copy of it.
        const claimed = await trx
          .deleteFrom("team_invites")
          .where("token_hash", "=", hashToken(token))
          .where("expires_at", ">", iso(now))
          .returningAll()
          .executeTakeFirst();
        if (!claimed) return undefined;
        const taken = await trx.selectFrom("team_people").select("id").where("email", "=", claimed.email).executeTakeFirst();
        if (taken) return undefined;
        const row = {
          id: randomUUID(),
          email: claimed.email,
          name: person.name,
          role: claimed.role,
          password_hash: person.passwordHash,
          created_at: iso(now),
          last_seen_at: null,
          failed_sign_ins: 0,
          locked_until: null,
        };
        await trx.insertInto("team_people").values(row).execute();
        return row;
      });
    },
    async withdrawInvite(id) {
      const row = await db.selectFrom("team_invites").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      await db.deleteFrom("team_invites").where("id", "=", id).execute();
      return row;
    },

    async createReset(personId, now = Date.now()) {
      const token = newToken();
      const expiresAt = iso(now + PASSWORD_RESET_TTL_MS);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("team_password_resets").where((eb) => eb.or([eb("person_id", "=", personId), eb("expires_at", "<=", iso(now))])).execute();
        await trx.insertInto("team_password_resets").values({ token_hash: hashToken(token), person_id: personId, created_at: iso(now), expires_at: expiresAt }).execute();
      });
      return { token, expiresAt };
    },
    async resetByToken(token, now = Date.now()) {
      if (!tokenPattern.test(token)) return undefined;
      const row = await db.selectFrom("team_password_resets").select("person_id").where("token_hash", "=", hashToken(token)).where("expires_at", ">", iso(now)).executeTakeFirst();
      return row ? personById(row.person_id) : undefined;
    },
    async useReset(token, passwordHash, now = Date.now()) {
      if (!tokenPattern.test(token)) return undefined;
      return db.transaction().execute(async (trx) => {
        // The delete is the claim: of two uses at once, one deletes the row and the other finds none.
        const claimed = await trx.deleteFrom("team_password_resets").where("token_hash", "=", hashToken(token)).where("expires_at", ">", iso(now)).returningAll().executeTakeFirst();
        if (!claimed) return undefined;
        const person = await trx.selectFrom("team_people").selectAll().where("id", "=", claimed.person_id).executeTakeFirst();
        if (!person) return undefined;
        await trx.updateTable("team_people").set({ password_hash: passwordHash }).where("id", "=", person.id).execute();
        const ended = await trx.deleteFrom("admin_sessions").where("person_id", "=", person.id).executeTakeFirst();
        return { person: { ...person, password_hash: passwordHash }, sessionsEnded: Number(ended.numDeletedRows) };
      });
    },

    async settings() {
      const row = await db.selectFrom("team_settings").select("require_second_factor").where("id", "=", 1).executeTakeFirst();
      return { requireSecondFactor: row?.require_second_factor === 1 };
    },
    async saveSettings({ requireSecondFactor }) {
      await db
        .updateTable("team_settings")
        .set({ require_second_factor: requireSecondFactor ? 1 : 0 })
        .where("id", "=", 1)
        .execute();
    },

    async openSession({ personId, stage, userAgent }, now = Date.now()) {
      const id = newToken();
      const at = iso(now);
      // Sweep the expired ones now and then: each sign-in is a good moment.
      await db.deleteFrom("admin_sessions").where("expires_at", "<=", at).execute();
      await sweepExpiredInvites(now);
      await db
        .insertInto("admin_sessions")
        .values({
          id_hash: hashToken(id),
          public_id: randomBytes(16).toString("base64url"),
          person_id: personId,
          stage,
          user_agent: userAgent?.slice(0, 256) ?? null,
          created_at: at,
          last_seen_at: at,
          expires_at: iso(now + (stage === "complete" ? sessionTtlMs : SECOND_STEP_TTL_MS)),
          // Opened by a password just checked (or an invitation's new one).
          confirmed_at: at,
        })
        .execute();
      // A complete sign-in is the person's being seen now (the team's list shows it).
      if (stage === "complete") await db.updateTable("team_people").set({ last_seen_at: at }).where("id", "=", personId).execute();
      return id;
    },
    async session(id, now = Date.now()) {
      if (!id || !sessionIdPattern.test(id)) return undefined;
      const session = await db.selectFrom("admin_sessions").selectAll().where("id_hash", "=", hashToken(id)).executeTakeFirst();
      if (!session || session.expires_at <= iso(now)) return undefined;
      // Left alone too long: ended here, so a cookie found on an unattended screen opens nothing.
      if (session.stage === "complete" && Date.parse(session.last_seen_at) + sessionIdleMs <= now) {
        await db.deleteFrom("admin_sessions").where("id_hash", "=", session.id_hash).execute();
        return undefined;
      }
      const person = await personById(session.person_id);
      if (!person) return undefined;
      if (Date.parse(session.last_seen_at) + LAST_SEEN_EVERY_MS <= now) {
        const at = iso(now);
        await db.updateTable("admin_sessions").set({ last_seen_at: at }).where("id_hash", "=", session.id_hash).execute();
        await db.updateTable("team_people").set({ last_seen_at: at }).where("id", "=", person.id).execute();
        return { session: { ...session, last_seen_at: at }, person: { ...person, last_seen_at: at } };
      }
      return { session, person };
    },
    sessionsOf: (personId, now = Date.now()) =>
      db.selectFrom("admin_sessions").selectAll().where("person_id", "=", personId).where("expires_at", ">", iso(now)).orderBy("created_at", "desc").execute(),
    async completeSession(idHash, now = Date.now()) {
      await db
        .updateTable("admin_sessions")
        .set({ stage: "complete", expires_at: iso(now + sessionTtlMs), last_seen_at: iso(now), confirmed_at: iso(now) })
        .where("id_hash", "=", idHash)
        .execute();
      const session = await db.selectFrom("admin_sessions").select("person_id").where("id_hash", "=", idHash).executeTakeFirst();
      if (session) await db.updateTable("team_people").set({ last_seen_at: iso(now) }).where("id", "=", session.person_id).execute();
    },
    async confirmSession(idHash, now = Date.now()) {
      await db.updateTable("admin_sessions").set({ confirmed_at: iso(now) }).where("id_hash", "=", idHash).execute();
    },
    async endSession(id) {
      if (!id || !sessionIdPattern.test(id)) return;
      await db.deleteFrom("admin_sessions").where("id_hash", "=", hashToken(id)).execute();
    },
    async endSessionOf(personId, publicId) {
      const result = await db.deleteFrom("admin_sessions").where("person_id", "=", personId).where("public_id", "=", publicId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    endSessionsOf,
  };
}
