import { randomUUID } from "node:crypto";
import Bowser from "bowser";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ADMIN_API, adminEndpoints } from "../../contract/admin";
import { can, CONFIRM_WITHIN_MS, holdsPersonalData, teamEndpoints } from "../../contract/team";
import { teamNoticeEmail } from "../mail/messages";
import type { PersonRow } from "../store/team-store";
import { readCookie, SESSION_COOKIE } from "../admin/session";
import { recordRequestAction } from "../admin/owner-requests";
import { createDeviceCookies, DEVICE_COOKIE } from "./device-cookie";
import { dummyHash, hashPassword } from "./passwords";
import { isOwnerRoute, PUBLIC, routeNeed, SECOND_STEP, SIGNED_IN, type RouteNeed } from "./permissions";
import type { OwnerSession, TeamAccess, TeamMember } from "./team-types";

// The team's sign-in as the routes see it (app.team): the session behind a
// request, who may reach which route (permissions.ts), and the first owner
// made from ADMIN_PASSWORD when a deployment from before the team starts.

declare module "fastify" {
  interface FastifyRequest {
    /** The session behind this request, once looked up (team.sessionOf). */
    ownerSession?: OwnerSession;
  }
  interface FastifyInstance {
    /** Whether /admin is on: ADMIN_PASSWORD is set or anyone is in the team. */
    teamEnabled(): Promise<boolean>;
    /** Whether the request may reach its route: undefined when it may, else the answer to give. */
    ownerRefusal(request: FastifyRequest): Promise<{ statusCode: 401 | 403; message: string } | undefined>;
    /** Every owner route registered (method and route), each of which permissions.ts must name. */
    ownerRoutes: readonly { method: string; url: string }[];
  }
}

export const toMember = (person: PersonRow): TeamMember => ({ id: person.id, email: person.email, name: person.name, role: person.role });

/** "Chrome on Android", from a User-Agent; "Unknown device" when it names neither. */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? "Unknown device";
}

/** Besides the second step's own routes, what a session waiting for its second step may reach: its status, signing out. */
const secondStepRoutes = new Set([`GET ${adminEndpoints.status}`, `DELETE ${adminEndpoints.session}`]);
/** Routes open to a person who must set up a second factor before anything else. */
const setUpRoutes = new Set([
  `GET ${adminEndpoints.status}`,
  `DELETE ${adminEndpoints.session}`,
  `GET ${teamEndpoints.me}`,
  `GET ${teamEndpoints.sessions}`,
  `DELETE ${teamEndpoints.sessions}`,
  `DELETE ${teamEndpoints.session(":id").replace("%3Aid", ":id")}`,
]);
const isOwnAccountRoute = (route: string) => route.startsWith(`${ADMIN_API}/me/`);

/** Whether a second factor is needed (their role holds personal data, or the team asks it of all) and they have none. */
export async function mustSetUpSecondFactor(app: FastifyInstance, person: TeamMember): Promise<boolean> {
  if (!holdsPersonalData(person.role) && !(await app.teamStore.settings()).requireSecondFactor) return false;
  return (await app.secondFactors.methodsOf(person.id)).length === 0;
}

export const SET_UP_FIRST = "Set up a second factor first";

export const teamPlugin = fp(
  async (app: FastifyInstance) => {
    const { teamStore: store, config } = app;
    // A deployment from before the team: its ADMIN_PASSWORD becomes the first owner, TEAM_EMAIL.
    // The length rule is the configuration's; the common-list check is skipped for it (it is in use already).
    const { password } = config.admin;
    if (password && (await store.countPeople()) === 0) {
      try {
        await store.createPerson({ email: config.mail.teamEmail, name: "Owner", role: "owner", passwordHash: await hashPassword(password) });
        app.log.info("team: the first owner was made from ADMIN_PASSWORD, with TEAM_EMAIL");
      } catch (error) {
        // Another instance starting at the same moment made them first (the email is unique).
        if (!(await store.personByEmail(config.mail.teamEmail))) throw error;
      }
    }

    // Every owner route, as it is registered: one that permissions.ts does not name stops the start.
    const ownerRoutes: { method: string; url: string }[] = [];
    app.decorate("ownerRoutes", ownerRoutes);
    app.addHook("onRoute", (route) => {
      if (!isOwnerRoute(route.url)) return;
      for (const method of [route.method].flat()) if (method !== "HEAD") ownerRoutes.push({ method, url: route.url });
    });
    app.addHook("onReady", async () => {
      const unnamed = ownerRoutes.filter(({ method, url }) => routeNeed(method, url) === undefined);
      if (unnamed.length > 0) throw new Error(`Owner routes without a permission in team/permissions.ts: ${unnamed.map(({ method, url }) => `${method} ${url}`).join(", ")}`);
    });

    // Made now, not at the first unknown address: that one would otherwise take longer than the rest.
    await dummyHash();

    let enabled = Boolean(password);
    app.decorate("teamEnabled", async () => (enabled ||= (await store.countPeople()) > 0));

    const looked = new WeakMap<FastifyRequest, Promise<OwnerSession | undefined>>();
    const sessionOf = (request: FastifyRequest) => {
      let found = looked.get(request);
      if (!found) {
        found = store.session(readCookie(request.headers.cookie, SESSION_COOKIE)).then((live) => {
          if (!live) return undefined;
          const session: OwnerSession = { idHash: live.session.id_hash, person: toMember(live.person), stage: live.session.stage, confirmedAt: live.session.confirmed_at };
          request.ownerSession = session;
          return session;
        });
        looked.set(request, found);
      }
      return found;
    };

    app.decorate("ownerRefusal", async (request: FastifyRequest) => {
      const route = request.routeOptions.url ?? "";
      const key = `${request.method === "HEAD" ? "GET" : request.method} ${route}`;
      const need: RouteNeed | undefined = routeNeed(request.method, route);
      if (need === PUBLIC) return undefined;
      const session = await sessionOf(request);
      if (!session) return { statusCode: 401 as const, message: "Unauthorized" };
      if (session.stage !== "complete") return need === SECOND_STEP || secondStepRoutes.has(key) ? undefined : { statusCode: 401 as const, message: "Unauthorized" };
      // A complete session has no second step to give.
      if (need === SECOND_STEP) return { statusCode: 401 as const, message: "Unauthorized" };
      if (!setUpRoutes.has(key) && !isOwnAccountRoute(route) && (await mustSetUpSecondFactor(app, session.person))) return { statusCode: 403 as const, message: SET_UP_FIRST };
      if (need === SIGNED_IN) return undefined;
      // A route nobody gave a line in permissions.ts is closed to everyone.
      if (need === undefined || !can(session.person.role, need)) return { statusCode: 403 as const, message: "Forbidden" };
      return undefined;
    });

    const devices = createDeviceCookies(app.secrets.session);
    const team: TeamAccess = {
      sessionOf,
      deviceCookie: (personId) => devices.issue(personId),
      recentlyConfirmed: (session) => Boolean(session.confirmedAt) && Date.parse(session.confirmedAt!) + CONFIRM_WITHIN_MS > Date.now(),
      confirmed: (session) => store.confirmSession(session.idHash),
      knownDevice: (request) => devices.read(readCookie(request.headers.cookie, DEVICE_COOKIE)),
      async completeSignIn(request, reply, session, method) {
        await store.completeSession(session.idHash);
        reply.header("set-cookie", devices.issue(session.person.id));
        request.ownerSession = { ...session, stage: "complete" };
        await recordRequestAction(app.audit, request, "sign-in", { method }, session.person.email);
      },
      async notify(person, message) {
        // Sent now rather than queued: the outbox's rows are the leads' deliveries.
        if (!app.hasDecorator("mailer")) return;
        await app.mailer.send(randomUUID(), teamNoticeEmail({ to: person.email, from: config.mail.from, ...message }));
      },
    };
    app.decorate("team", team);
  },
  { name: "team", dependencies: ["database", "teamStore", "audit", "second-factors", "secrets"] },
);
