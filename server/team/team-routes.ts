import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as v from "valibot";
import { ADMIN_API, type OwnerActionDetail, type OwnerActionName } from "../../contract/admin";
import { limits } from "../../contract/lead";
import { singleLineText } from "../../contract/input-policy";
import {
  INVITE_TTL_MS,
  inviteLinkPath,
  NAME_MAX,
  PASSWORD_MAX,
  rolePermissions,
  roles,
  teamEndpoints,
  type InviteCreated,
  type InviteInfo,
  type InviteSummary,
  type Me,
  type PasswordChanged,
  type Person,
  type SessionInfo,
  type TeamSettings,
  CONFIRM_WITHIN_MS,
  WRONG_CURRENT_PASSWORD,
} from "../../contract/team";
import { inviteEmail } from "../mail/messages";
import { recordRequestAction, SIGNED_OUT_BODY_BYTES } from "../admin/owner-requests";
import { sessionCookie } from "../admin/session";
import type { InviteRow, PersonRow, SessionRow } from "../store/team-store";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords";
import { ACCOUNT_LOCK_AFTER, ACCOUNT_LOCK_MS, accountLimitKey } from "./sign-in-routes";
import { GateFull } from "./work-gate";
import { deviceName, mustSetUpSecondFactor } from "./team-plugin";

// The team's own routes inside /api/admin (their permissions: permissions.ts):
// the signed-in person and their sessions, the people and invitations
// (owner), the team's settings, and accepting an invitation (signed out).

const local = (path: string) => path.slice(ADMIN_API.length).replace("%3Aid", ":id");
const notFound = (reply: FastifyReply) => reply.code(404).send({ statusCode: 404, message: "Not Found" });
const badRequest = (reply: FastifyReply, message = "Bad Request") => reply.code(400).send({ statusCode: 400, message });

const IdParams = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });
const RoleBody = v.strictObject({ role: v.picklist(roles) });
const email = v.pipe(v.string(), v.trim(), v.maxLength(limits.email), v.email(), v.toLowerCase());
const InviteBody = v.strictObject({ email, role: v.picklist(roles) });
const SettingsBody = v.strictObject({ requireSecondFactor: v.boolean() });
const token = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));
const InviteQuery = v.strictObject({ token });
const PasswordBody = v.strictObject({
  current: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX * 4)),
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX * 4)),
});
const passwordMessages = {
  wrongCurrent: WRONG_CURRENT_PASSWORD,
  same: "The new password is the one you have now: choose another.",
  tooMany: "Too many tries. Please wait 15 minutes and try again.",
  busy: "Too many password checks at once. Please try again in a few seconds.",
} as const;
const ConfirmBody = v.strictObject({ password: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX * 4)) });
const AcceptBody = v.strictObject({
  token,
  name: v.pipe(singleLineText, v.trim(), v.minLength(1), v.maxLength(NAME_MAX)),
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX * 4)),
});

const passwordChangedNotice = {
  subject: "Your password was changed",
  text: "The password of your account was changed, and your other sessions were ended.\n\nIf this was not you, tell the site's owner at once: they can remove the account and invite you again.",
};

const personOf = (row: PersonRow, secondFactor: boolean): Person => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  secondFactor,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
});
const inviteOf = (row: InviteRow, inviters: ReadonlyMap<string, string>): InviteSummary => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: inviters.get(row.invited_by) ?? row.invited_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});
const sessionInfoOf = (row: SessionRow, currentHash: string): SessionInfo => ({
  id: row.public_id,
  device: deviceName(row.user_agent),
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  current: row.id_hash === currentHash,
});

export function teamRoutes(app: FastifyInstance) {
  const { teamStore: store, config } = app;
  const audit = (request: FastifyRequest, action: OwnerActionName, detail?: OwnerActionDetail, actor?: string) => recordRequestAction(app.audit, request, action, detail, actor);
  /** Set by the onRequest hook on every route here but the invitation's. */
  const me = (request: FastifyRequest) => request.ownerSession!;

  app.get(local(teamEndpoints.me), async (request): Promise<Me> => {
    const { person } = me(request);
    const summary = await app.secondFactors.summaryOf(person.id);
    const session = me(request);
    const confirmedUntil = app.team.recentlyConfirmed(session) ? new Date(Date.parse(session.confirmedAt!) + CONFIRM_WITHIN_MS).toISOString() : null;
    return { ...person, permissions: [...rolePermissions[person.role]], ...summary, mustSetUpSecondFactor: await mustSetUpSecondFactor(app, person), confirmedUntil };
  });

  app.get(local(teamEndpoints.sessions), async (request): Promise<SessionInfo[]> => {
    const session = me(request);
    return (await store.sessionsOf(session.person.id)).map((row) => sessionInfoOf(row, session.idHash));
  });

  // All of mine but this one.
  app.delete(local(teamEndpoints.sessions), async (request) => {
    const session = me(request);
    const ended = await store.endSessionsOf(session.person.id, { except: session.idHash });
    await audit(request, "session-ended", { sessions: ended });
    return { ended };
  });

  app.delete(local(teamEndpoints.session(":id")), async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) return badRequest(reply);
    if (!(await store.endSessionOf(me(request).person.id, params.output.id))) return notFound(reply);
    await audit(request, "session-ended", { sessions: 1 });
    return { ended: 1 };
  });

  // My password: the current one first (counted against my address's sign-in limit, so a session left
  // open buys no more guesses than the sign-in gives), then the new one under the same rules as joining.
  // Every other session of mine ends; this one stays.
  app.put(local(teamEndpoints.password), async (request, reply): Promise<PasswordChanged> => {
    const body = v.safeParse(PasswordBody, request.body);
    if (!body.success) return badRequest(reply);
    const session = me(request);
    const person = await store.personById(session.person.id);
    if (!person) return notFound(reply);
    const problem = passwordProblem(body.output.password, person.email);
    if (problem) return badRequest(reply, problem);
    const accountKey = accountLimitKey(person.email);
    const claim = await app.signInLimits.claim([{ key: accountKey, max: ACCOUNT_LOCK_AFTER, windowMs: ACCOUNT_LOCK_MS }]);
    if (!claim.ok) return reply.code(429).send({ statusCode: 429, message: passwordMessages.tooMany });
    let checked: "wrong" | "same" | { hash: string };
    try {
      if (!(await verifyPassword(body.output.current, person.password_hash))) checked = "wrong";
      else if (await verifyPassword(body.output.password, person.password_hash)) checked = "same";
      else checked = { hash: await hashPassword(body.output.password) };
    } catch (error) {
      if (!(error instanceof GateFull)) throw error;
      await app.signInLimits.giveBack(accountKey);
      return reply.code(429).send({ statusCode: 429, message: passwordMessages.busy });
    }
    // Only a wrong current password stays counted.
    if (checked === "wrong") return badRequest(reply, passwordMessages.wrongCurrent);
    await app.signInLimits.giveBack(accountKey);
    if (checked === "same") return badRequest(reply, passwordMessages.same);
    await store.setPasswordHash(person.id, checked.hash);
    const endedSessions = await store.endSessionsOf(person.id, { except: session.idHash });
    await audit(request, "password-changed", { sessions: endedSessions });
    await app.team
      .notify(session.person, passwordChangedNotice)
      .catch((error: unknown) => request.log.error({ err: error }, "team: the password-change notice was not sent"));
    return { changed: true, endedSessions };
  });

  // "It is me": the password again, counted against the address's sign-in limit as at the sign-in, and
  // security changes are open for CONFIRM_WITHIN_MS.
  app.post(local(teamEndpoints.confirm), async (request, reply) => {
    const body = v.safeParse(ConfirmBody, request.body);
    if (!body.success) return badRequest(reply);
    const session = me(request);
    const person = await store.personById(session.person.id);
    if (!person) return notFound(reply);
    const accountKey = accountLimitKey(person.email);
    const claim = await app.signInLimits.claim([{ key: accountKey, max: ACCOUNT_LOCK_AFTER, windowMs: ACCOUNT_LOCK_MS }]);
    if (!claim.ok) return reply.code(429).send({ statusCode: 429, message: passwordMessages.tooMany });
    let right: boolean;
    try {
      right = await verifyPassword(body.output.password, person.password_hash);
    } catch (error) {
      if (!(error instanceof GateFull)) throw error;
      await app.signInLimits.giveBack(accountKey);
      return reply.code(429).send({ statusCode: 429, message: passwordMessages.busy });
    }
    if (!right) return badRequest(reply, passwordMessages.wrongCurrent);
    await app.signInLimits.giveBack(accountKey);
    await store.confirmSession(session.idHash);
    return { confirmed: true };
  });

  app.get(local(teamEndpoints.people), async (): Promise<Person[]> => {
    const people = await store.listPeople();
    return Promise.all(people.map(async (row) => personOf(row, (await app.secondFactors.methodsOf(row.id)).length > 0)));
  });

  app.patch(local(teamEndpoints.person(":id")), async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    const body = v.safeParse(RoleBody, request.body);
    if (!params.success || !body.success) return badRequest(reply);
    const changed = await store.changeRole(params.output.id, body.output.role);
    if (changed === "not-found") return notFound(reply);
    if (changed === "last-owner") return reply.code(409).send({ statusCode: 409, message: "The team needs at least one owner" });
    await audit(request, "role-changed", { id: changed.id, role: changed.role, from: changed.previousRole });
    return personOf(changed, (await app.secondFactors.methodsOf(changed.id)).length > 0);
  });

  app.delete(local(teamEndpoints.person(":id")), async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) return badRequest(reply);
    if (params.output.id === me(request).person.id) return reply.code(409).send({ statusCode: 409, message: "You cannot remove yourself" });
    const removed = await store.removePerson(params.output.id);
    if (removed === "not-found") return notFound(reply);
    if (removed === "last-owner") return reply.code(409).send({ statusCode: 409, message: "The team needs at least one owner" });
    await app.secondFactors.forget(removed.id);
    await audit(request, "person-removed", { id: removed.id, role: removed.role, invitesWithdrawn: removed.invitesWithdrawn });
    return { removed: removed.id };
  });

  /** Who sent each invitation, by name (an id in the store). */
  const inviters = async () => new Map((await store.listPeople()).map((person) => [person.id, person.name]));

  app.get(local(teamEndpoints.invites), async (): Promise<InviteSummary[]> => {
    const names = await inviters();
    return (await store.listInvites()).map((row) => inviteOf(row, names));
  });

  app.post(local(teamEndpoints.invites), async (request, reply): Promise<InviteCreated> => {
    const body = v.safeParse(InviteBody, request.body);
    if (!body.success) return badRequest(reply);
    if (await store.personByEmail(body.output.email)) return reply.code(409).send({ statusCode: 409, message: "That address is in the team already" });
    const inviter = me(request).person;
    const { invite, token } = await store.createInvite({ ...body.output, invitedBy: inviter.id });
    const link = new URL(inviteLinkPath(token), config.publicSiteUrl).toString();
    const emailed = await sendInvite(app, { to: invite.email, link, role: invite.role, invitedBy: inviter.name }).catch((error: unknown) => {
      request.log.warn({ err: error }, "team: the invitation was not emailed");
      return false;
    });
    await audit(request, "person-invited", { id: invite.id, role: invite.role, emailed });
    return { ...inviteOf(invite, new Map([[inviter.id, inviter.name]])), link, emailed };
  });

  app.delete(local(teamEndpoints.invite(":id")), async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) return badRequest(reply);
    const withdrawn = await store.withdrawInvite(params.output.id);
    if (!withdrawn) return notFound(reply);
    await audit(request, "invite-withdrawn", { id: withdrawn.id });
    return { withdrawn: withdrawn.id };
  });

  app.get(local(teamEndpoints.settings), async (): Promise<TeamSettings> => store.settings());

  app.put(local(teamEndpoints.settings), async (request, reply): Promise<TeamSettings> => {
    const body = v.safeParse(SettingsBody, request.body);
    if (!body.success) return badRequest(reply);
    await store.saveSettings(body.output);
    await audit(request, "settings-changed", { requireSecondFactor: body.output.requireSecondFactor });
    return body.output;
  });

  // Signed out: what the link is for. A used, withdrawn or expired one is unknown.
  app.get(local(teamEndpoints.inviteLookup), async (request, reply): Promise<InviteInfo> => {
    const query = v.safeParse(InviteQuery, request.query);
    if (!query.success) return notFound(reply);
    const invite = await store.inviteByToken(query.output.token);
    if (!invite) return notFound(reply);
    return { email: invite.email, role: invite.role, expiresAt: invite.expires_at };
  });

  // Signed out: the invitation accepted, once; the new person is signed in.
  app.post(local(teamEndpoints.inviteLookup), { bodyLimit: SIGNED_OUT_BODY_BYTES }, async (request, reply) => {
    const body = v.safeParse(AcceptBody, request.body);
    if (!body.success) return badRequest(reply);
    const invite = await store.inviteByToken(body.output.token);
    if (!invite) return notFound(reply);
    const problem = passwordProblem(body.output.password, invite.email);
    if (problem) return badRequest(reply, problem);
    const person = await store.acceptInvite(body.output.token, { name: body.output.name, passwordHash: await hashPassword(body.output.password) });
    if (!person) return notFound(reply);
    const cookie = await store.openSession({ personId: person.id, stage: "complete", userAgent: request.headers["user-agent"] });
    await audit(request, "person-joined", { id: person.id, role: person.role, invite: invite.id }, person.email);
    return reply.header("set-cookie", sessionCookie(cookie, app.config.admin.sessionTtlMs)).send({ enabled: true, signedIn: true });
  });
}

/**
 * The invitation's email, sent now: true when it went over SMTP. Without a mail
 * server it is only written to DATA_DIR/outbox-mail/, so the owner passes the
 * link on themselves.
 */
export async function sendInvite(app: FastifyInstance, invite: { to: string; link: string; role: string; invitedBy: string }): Promise<boolean> {
  if (!app.hasDecorator("mailer")) return false;
  await app.mailer.send(randomUUID(), inviteEmail({ ...invite, from: app.config.mail.from, hours: INVITE_TTL_MS / 3_600_000 }));
  return app.mailer.kind === "smtp";
}
