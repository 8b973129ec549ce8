import { ADMIN_API, adminEndpoints } from "../../contract/admin";
import { analyticsEndpoints } from "../../contract/analytics";
import { contentEndpoints, EDITOR_API, EDITOR_PATH, PREVIEW_PATH } from "../../contract/content-editor";
import { paths } from "../../contract/paths";
import { teamEndpoints, type Permission } from "../../contract/team";

// What each owner route needs, by method and route pattern as Fastify names
// it. The onRequest hook (team/team-plugin.ts) refuses a route that is not
// here, so a new route is closed until it is given its line, and
// route-roles.test.ts fails until then.

/** Reached signed out (the sign-in itself, an invitation). */
export const PUBLIC = "public";
/** Any signed-in person, whatever their role (their own account and sessions). */
export const SIGNED_IN = "signed-in";
/** A sign-in between its two steps: the password given, the second factor not yet. */
export const SECOND_STEP = "second-step";
export type RouteNeed = Permission | typeof PUBLIC | typeof SIGNED_IN | typeof SECOND_STEP;

const param = (path: string) => path.replace("%3Aid", ":id");

/** `METHOD /route` → what it needs; `*` for a route registered for every method. */
export const routeNeeds: Readonly<Record<string, RouteNeed>> = {
  [`GET ${adminEndpoints.status}`]: PUBLIC,
  [`POST ${adminEndpoints.session}`]: PUBLIC,
  [`DELETE ${adminEndpoints.session}`]: PUBLIC,
  [`GET ${teamEndpoints.inviteLookup}`]: PUBLIC,
  [`POST ${teamEndpoints.inviteLookup}`]: PUBLIC,
  [`POST ${teamEndpoints.passwordReset}`]: PUBLIC,
  [`GET ${teamEndpoints.passwordResetLink}`]: PUBLIC,
  [`POST ${teamEndpoints.passwordResetLink}`]: PUBLIC,

  [`GET ${teamEndpoints.me}`]: SIGNED_IN,
  [`GET ${teamEndpoints.sessions}`]: SIGNED_IN,
  [`DELETE ${teamEndpoints.sessions}`]: SIGNED_IN,
  [`DELETE ${param(teamEndpoints.session(":id"))}`]: SIGNED_IN,
  // The second step of a sign-in (team/second-factor/).
  [`POST ${teamEndpoints.secondFactor}`]: SECOND_STEP,
  [`POST ${teamEndpoints.passkeySignInOptions}`]: SECOND_STEP,
  [`POST ${teamEndpoints.passkeySignInVerify}`]: SECOND_STEP,
  [`POST ${teamEndpoints.passkeyOnlyOptions}`]: PUBLIC,
  [`POST ${teamEndpoints.passkeyOnlyVerify}`]: PUBLIC,
  // Each person's own second factors (team/second-factor/).
  [`POST ${teamEndpoints.totp}`]: SIGNED_IN,
  [`DELETE ${teamEndpoints.totp}`]: SIGNED_IN,
  [`POST ${teamEndpoints.totpConfirm}`]: SIGNED_IN,
  [`POST ${teamEndpoints.passkeyOptions}`]: SIGNED_IN,
  [`POST ${teamEndpoints.passkeyVerify}`]: SIGNED_IN,
  [`DELETE ${param(teamEndpoints.passkey(":id"))}`]: SIGNED_IN,
  [`POST ${teamEndpoints.recoveryCodes}`]: SIGNED_IN,
  [`PUT ${teamEndpoints.password}`]: SIGNED_IN,
  [`POST ${teamEndpoints.confirm}`]: SIGNED_IN,
  [`POST ${teamEndpoints.confirmPasskeyOptions}`]: SIGNED_IN,
  [`POST ${teamEndpoints.confirmPasskeyVerify}`]: SIGNED_IN,
  // Anything else under /api/admin answers 404 to whoever is signed in.
  [`* ${ADMIN_API}/*`]: SIGNED_IN,

  [`GET ${teamEndpoints.people}`]: "people",
  [`PATCH ${param(teamEndpoints.person(":id"))}`]: "people",
  [`DELETE ${param(teamEndpoints.person(":id"))}`]: "people",
  [`GET ${teamEndpoints.invites}`]: "people",
  [`POST ${teamEndpoints.invites}`]: "people",
  [`DELETE ${param(teamEndpoints.invite(":id"))}`]: "people",
  [`GET ${teamEndpoints.settings}`]: "people",
  [`PUT ${teamEndpoints.settings}`]: "people",

  [`GET ${adminEndpoints.enquiries}`]: "leads",
  [`GET ${param(adminEndpoints.enquiry(":id"))}`]: "leads",
  [`GET ${adminEndpoints.subscribers}`]: "leads",
  [`GET ${param(adminEndpoints.subscriber(":id"))}`]: "leads",
  [`GET ${adminEndpoints.exportCsv}`]: "leads",
  [`POST ${adminEndpoints.person}`]: "leads",
  [`POST ${param(adminEndpoints.retryDelivery(":id"))}`]: "leads",
  [`GET ${adminEndpoints.spamCount}`]: "leads",
  [`GET ${adminEndpoints.spam}`]: "leads",
  [`GET ${adminEndpoints.spamCsv}`]: "leads",
  [`POST ${param(adminEndpoints.spamRelease(":id"))}`]: "leads",
  [`DELETE ${param(adminEndpoints.spamItem(":id"))}`]: "leads",

  [`POST ${adminEndpoints.erase}`]: "erase",
  [`POST ${adminEndpoints.purge}`]: "erase",

  [`GET ${adminEndpoints.activity}`]: "activity",
  [`GET ${adminEndpoints.activityCsv}`]: "activity",

  [`GET ${analyticsEndpoints.report}`]: "analytics",
  [`GET ${analyticsEndpoints.csv}`]: "analytics",

  [`GET ${contentEndpoints.status}`]: "content",
  [`POST ${contentEndpoints.preview}`]: "content",
  [`POST ${contentEndpoints.publish}`]: "content",
  // The editor itself (content/content-plugin.ts): its pages, its file API, the preview.
  [`* ${EDITOR_API}/*`]: "content",
  [`GET ${EDITOR_PATH}`]: "content",
  [`GET ${EDITOR_PATH}/*`]: "content",
  [`GET ${paths.admin}/content`]: "content",
  [`GET ${PREVIEW_PATH}`]: "content",
  [`GET ${PREVIEW_PATH}/*`]: "content",
};

/** What a request's route needs; undefined for a route nobody gave a line (refused). */
export function routeNeed(method: string, route: string): RouteNeed | undefined {
  // HEAD is answered by the GET route.
  const asked = method === "HEAD" ? "GET" : method;
  return routeNeeds[`${asked} ${route}`] ?? routeNeeds[`* ${route}`];
}

const ownerPrefixes = [`${ADMIN_API}/`, `${EDITOR_API}/`, EDITOR_PATH, PREVIEW_PATH, `${paths.admin}/content`];
/** A route of the owner's (the inbox's API, the editor, the preview), which must have a line above. */
export const isOwnerRoute = (url: string) => url === ADMIN_API || ownerPrefixes.some((prefix) => url === prefix || url.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`));
