import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../contract/admin";
import { analyticsEndpoints } from "../../contract/analytics";
import { contentEndpoints } from "../../contract/content-editor";
import { can, roles, teamEndpoints, type Role } from "../../contract/team";
import { signedInAs, startTestApp, type TestApp } from "../app.test-support";
import { PUBLIC, routeNeed, SECOND_STEP, SIGNED_IN } from "./permissions";

// Every owner route, as the server registered it (collected by the team
// plugin's onRoute hook, so a new route is walked too), against every role:
// a role whose permissions hold what the route needs is let through (not 401
// or 403), any other is refused with 403. Then a table of the routes that
// matter most, spelled out.

const ID = "00000000-0000-4000-8000-000000000000";
/** A URL for a route pattern: a made-up id for each parameter, a name for a wildcard. */
const urlOf = (route: string) => route.replace(/:\w+/g, ID).replace(/\*$/, "anything");

describe("every owner route against every role", () => {
  let t: TestApp;
  let work: string;
  /** A fresh complete session of that role for each request: some routes end the one they are sent with. */
  const as = async (role: Role) => (await signedInAs(t.app, role, { email: `${role}@roles.example` })).cookie;
  const send = async (role: Role, method: string, url: string): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: method as "GET", url, headers: { cookie: await as(role) }, ...(["GET", "HEAD", "OPTIONS"].includes(method) ? {} : { payload: {} }) });

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "route-roles-"));
    const source = path.join(work, "source");
    await mkdir(path.join(source, "content", "home"), { recursive: true });
    await writeFile(path.join(source, "content", "home", "hero.yaml"), "headline: First\n");
    t = await startTestApp({ ADMIN_PASSWORD: "route roles test password", ADMIN_SIGNIN_MAX: "100000", CONTENT_EDITOR: "on", SITE_SOURCE_DIR: source, ANALYTICS: "on", LOG_LEVEL: "silent" });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
    await rm(work, { recursive: true, force: true });
  });

  it("names what each registered route needs, and lets exactly the roles that hold it through", async () => {
    const routes = t.app.ownerRoutes;
    // The inbox's, the team's, the Spam view's, analytics', publishing's and the editor's routes are all there.
    for (const url of [adminEndpoints.enquiries, teamEndpoints.people, adminEndpoints.spam, analyticsEndpoints.report, contentEndpoints.publish, "/api/keystatic/*", "/keystatic"]) {
      expect(routes.map((route) => route.url), url).toContain(url);
    }
    const wrong: string[] = [];
    for (const { method, url } of routes) {
      const need = routeNeed(method, url);
      if (need === undefined) {
        wrong.push(`${method} ${url}: no permission named`);
        continue;
      }
      // Public routes answer whoever asks; publishing runs no build here.
      if (need === PUBLIC || url === contentEndpoints.publish || url === contentEndpoints.preview) continue;
      // A sign-in's second step is for a session between its two steps: a complete one, of any role, is refused.
      if (need === SECOND_STEP) {
        for (const role of roles) {
          const { statusCode } = await send(role, method, urlOf(url));
          if (statusCode !== 401) wrong.push(`${method} ${url} as ${role}, signed in: ${statusCode}`);
        }
        continue;
      }
      for (const role of roles) {
        const allowed = need === SIGNED_IN || can(role, need);
        const { statusCode } = await send(role, method, urlOf(url));
        if (allowed ? statusCode === 401 || statusCode === 403 : statusCode !== 403) wrong.push(`${method} ${url} as ${role}: ${statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  // The routes that matter most, spelled out: who gets through (the rest get 403).
  const table: [string, string, Role[]][] = [
    ["POST", adminEndpoints.erase, ["owner"]],
    ["POST", adminEndpoints.purge, ["owner"]],
    ["GET", adminEndpoints.enquiries, ["owner", "inbox"]],
    ["GET", adminEndpoints.enquiry(ID), ["owner", "inbox"]],
    ["GET", `${adminEndpoints.exportCsv}?kind=enquiries`, ["owner", "inbox"]],
    ["GET", adminEndpoints.spam, ["owner", "inbox"]],
    ["GET", `${analyticsEndpoints.report}?from=2026-01-01&to=2026-01-02`, ["owner", "analyst"]],
    ["GET", contentEndpoints.status, ["owner", "editor"]],
    ["POST", contentEndpoints.publish, ["owner", "editor"]],
    ["GET", "/api/keystatic/tree", ["owner", "editor"]],
    ["GET", adminEndpoints.activity, ["owner"]],
    ["GET", teamEndpoints.people, ["owner"]],
    ["PATCH", teamEndpoints.person(ID), ["owner"]],
    ["GET", teamEndpoints.invites, ["owner"]],
    ["POST", teamEndpoints.invites, ["owner"]],
    ["GET", teamEndpoints.settings, ["owner"]],
    ["PUT", teamEndpoints.settings, ["owner"]],
    ["GET", teamEndpoints.me, ["owner", "editor", "inbox", "analyst"]],
    ["GET", teamEndpoints.sessions, ["owner", "editor", "inbox", "analyst"]],
  ];
  it.each(table)("%s %s: only %j", async (method, url, allowed) => {
    for (const role of roles) {
      // Publishing is refused before it starts for the others; for those allowed, only checked to be refused to no one (no build here).
      if (url === contentEndpoints.publish && allowed.includes(role)) continue;
      const { statusCode } = await send(role, method, url);
      if (allowed.includes(role)) expect([401, 403], `${role}`).not.toContain(statusCode);
      else expect(statusCode, `${role}`).toBe(403);
    }
  });
});
