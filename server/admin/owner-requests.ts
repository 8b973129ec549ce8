import type { FastifyRequest } from "fastify";
import { ADMIN_API, type OwnerActionDetail, type OwnerActionName } from "../../contract/admin";
import { paths } from "../../contract/paths";
import type { AuditTrail } from "../store/audit";
import { ANONYMOUS_ACTOR } from "../store/audit";

// What every owner-only route shares (the inbox's, the Spam view's, the
// analytics dashboard's, the content editor's): never indexed, never driven
// from another site, and each action a row of the audit trail.

export const ROBOTS_HEADER = "noindex, nofollow";
/**
 * The most an owner route reads of a body before sign-in (a password; sign-out
 * and GitHub's sign-in routes need none), so a stranger cannot make the server
 * hold an upload-sized body.
 */
export const SIGNED_OUT_BODY_BYTES = 4 * 1024;
const adminPathPattern = new RegExp(`^(${paths.admin}|${ADMIN_API})(/|\\?|$)`);
/** The inbox page and its API: never indexed. */
export const isAdminPath = (url: string) => adminPathPattern.test(url);

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Another site may not drive the owner's pages with the owner's cookie (SameSite=Strict is the first line; this the second). */
export function isCrossSite(request: FastifyRequest, publicSiteUrl: URL): boolean {
  const origin = headerValue(request, "origin");
  const ownOrigins = [publicSiteUrl.origin, `${request.protocol}://${request.host}`];
  return headerValue(request, "sec-fetch-site") === "cross-site" || (origin !== undefined && !ownOrigins.includes(origin));
}

/**
 * Records an owner action done through this request in the audit trail: the
 * signed-in person who did it (by email) and the client address. One
 * line per route, e.g. `await recordRequestAction(app.audit, request, "erase", countsOf(result))`.
 */
export function recordRequestAction(audit: AuditTrail, request: FastifyRequest, action: OwnerActionName, detail: OwnerActionDetail = {}, actor?: string) {
  return audit.record({ action, actor: actor ?? request.ownerSession?.person.email ?? ANONYMOUS_ACTOR, address: request.ip, detail });
}
