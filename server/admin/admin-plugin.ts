import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as v from "valibot";
import { ADMIN_API, ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX, ADMIN_QUERY_MAX, subscriberStatuses } from "../../contract/admin";
import { enquiryFields, inboxFilters, limits } from "../../contract/lead";
import { singleLineText } from "../../contract/input-policy";
import { serverRateLimitStorage } from "../api/rate-limit-store";
import { clientKey } from "../api/visitor";
import type { ActivityPage, OwnerActionDetail, OwnerActionName } from "../../contract/admin";
import { exportColumns, toCsv } from "../export";
import { accessExportCounts, ANONYMOUS_ACTOR, countsOf, ownerActionColumns } from "../store/audit";
import { contentAdminRoutes } from "../editor/content-plugin";
import { secondFactorRoutes } from "../team/second-factor/second-factor-routes";
import { spamAdminRoutes } from "../spam/spam-admin";
import { isCrossSite, recordRequestAction, ROBOTS_HEADER } from "./owner-requests";
import { teamEndpoints } from "../../contract/team";
import { signInRoutes } from "../team/sign-in-routes";
import { TOO_MANY } from "../team/sign-in-turns";
import { teamRoutes } from "../team/team-routes";

// /api/admin/*: the owner's inbox. Off (404) without a team (no ADMIN_PASSWORD
// and nobody invited); otherwise every route but status, sign-in and an
// invitation's needs a live session whose role holds the route's permission
// (team/permissions.ts), and a cross-site request is refused first.

/** An owner's form (an address to erase, an id): a few fields. */
const OWNER_FORM_BODY_BYTES = 4 * 1024;
/** ADMIN_SIGNIN_MAX sign-in attempts per client in this window. */
const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

const emptyToUndefined = (input: unknown) =>
  Object.fromEntries(Object.entries(input as Record<string, unknown>).filter(([, value]) => value !== "" && value !== undefined));
// A search is typed text like a lead's fields: the same input policy (NFC, no control characters).
const text = v.pipe(singleLineText, v.maxLength(ADMIN_QUERY_MAX));
const pageNumber = (fallback: number, max: number) =>
  v.pipe(v.optional(v.string(), String(fallback)), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1), v.maxValue(max));

/** One filter per option field of the enquiry's table (role, sector, need): one of its options. */
const optionFilters = Object.fromEntries(inboxFilters(enquiryFields).map((filter) => [filter.param, v.optional(v.picklist(filter.options))]));

const EnquiryQuery = v.strictObject({
  q: v.optional(text),
  ...optionFilters,
  page: pageNumber(1, 1_000_000),
  pageSize: pageNumber(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX),
});
const SubscriberQuery = v.strictObject({
  q: v.optional(text),
  status: v.optional(v.picklist(subscriberStatuses)),
  page: pageNumber(1, 1_000_000),
  pageSize: pageNumber(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX),
});
const ExportQuery = v.variant("kind", [
  v.strictObject({ ...v.omit(EnquiryQuery, ["page", "pageSize"]).entries, kind: v.literal("enquiries") }),
  v.strictObject({ ...v.omit(SubscriberQuery, ["page", "pageSize"]).entries, kind: v.literal("subscribers") }),
]);
const PersonBody = v.strictObject({ email: v.pipe(v.string(), v.trim(), v.maxLength(limits.email), v.email()) });
const IdParams = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });
const ActivityQuery = v.strictObject({
  /** One person's actions (their email), or "cli". */
  person: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(limits.email), v.toLowerCase())),
  page: pageNumber(1, 1_000_000),
  pageSize: pageNumber(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX),
});

/** Which filters narrowed a list or an export, by name only: a search text may be a person's name. */
const filterNames = (filter: object) =>
  Object.entries(filter)
    .flatMap(([name, value]) => (value === undefined ? [] : [name]))
    .sort()
    .join(",");

/** A list or search read: how many leads it showed (and matched), never which. */
const listDetail = (kind: "enquiries" | "subscribers", filter: object, listed: { items: readonly unknown[]; total: number; page: number }): OwnerActionDetail => ({
  kind,
  rows: listed.items.length,
  total: listed.total,
  page: listed.page,
  filters: filterNames(filter),
});

/** A refused sign-in is recorded once per client and window: a flood past the limit is one row, not one per request. */
const REFUSALS_REMEMBERED_MAX = 10_000;

const badRequest = (reply: FastifyReply) => reply.code(400).send({ statusCode: 400, message: "Bad Request" });

/** The inbox's API under ADMIN_API; the repositories it uses (adminReads, teamStore, audit, personalData) are read from the instance. */
export async function adminPlugin(app: FastifyInstance) {
  const { adminReads: store, personalData, config } = app;
  const { signInMax, auditRetentionMonths } = config.admin;
  const signInLimit = { max: signInMax, windowMs: SIGN_IN_WINDOW_MS };
  const openRoutes = new Set([`GET ${ADMIN_API}/status`, `GET ${teamEndpoints.inviteLookup}`, `POST ${teamEndpoints.inviteLookup}`]);
  const audit = (request: FastifyRequest, action: OwnerActionName, detail?: OwnerActionDetail, actor?: string) => recordRequestAction(app.audit, request, action, detail, actor);

  await app.register(rateLimit, {
    global: false,
    // Never skipped: while Redis is down, attempts are counted in memory.
    ...serverRateLimitStorage(app, "admin-signin-rate:"),
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: TOO_MANY }),
  });

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-robots-tag", ROBOTS_HEADER).header("cache-control", "no-store");
    const route = request.routeOptions.url ?? "";
    // Off without a team, but an invitation made from the command line can still be accepted.
    if (!openRoutes.has(`${request.method} ${route}`) && !(await app.teamEnabled())) return reply.code(404).send({ statusCode: 404, message: "Not Found" });
    if (isCrossSite(request, config.publicSiteUrl)) {
      // A sign-in posted from another site is refused before it is checked: recorded as refused all the same.
      if (route === `${ADMIN_API}/session` && request.method === "POST") signInRefused(request, "cross-site");
      return reply.code(403).send({ statusCode: 403, message: "Forbidden" });
    }
    // Signed in, at the right stage, and the role holds what the route needs (team/permissions.ts).
    const refusal = await app.ownerRefusal(request);
    if (refusal) return reply.code(refusal.statusCode).send(refusal);
  });

  // Sign-ins refused before they are checked (by the limit, or posted from another site): the first
  // refusal of each kind from each client (IPv6 per /64) in each window is recorded, so a flood is one row.
  const refusedUntil = new Map<string, number>();
  const signInRefused = (request: FastifyRequest, reason: "rate-limited" | "cross-site" | "too-many-overall" | "account-limit") => {
    const key = `${reason} ${clientKey(request.ip)}`;
    const now = Date.now();
    if ((refusedUntil.get(key) ?? 0) > now) return;
    refusedUntil.delete(key);
    if (refusedUntil.size >= REFUSALS_REMEMBERED_MAX) refusedUntil.delete(refusedUntil.keys().next().value!);
    refusedUntil.set(key, now + signInLimit.windowMs);
    audit(request, "sign-in-failed", { reason }, ANONYMOUS_ACTOR).catch((error: unknown) => request.log.error({ err: error }, "audit: refused sign-in not recorded"));
  };

  // Status, sign-in and sign-out (team/sign-in-routes.ts): per-address limit above, per-account and total limits there.
  signInRoutes(app, { windowMs: SIGN_IN_WINDOW_MS, rateLimit: { max: signInLimit.max, timeWindow: signInLimit.windowMs, onExceeded: (request) => signInRefused(request, "rate-limited") }, signInRefused, audit });

  app.get("/enquiries", async (request, reply) => {
    const query = v.safeParse(EnquiryQuery, emptyToUndefined(request.query));
    if (!query.success) return badRequest(reply);
    const { page, pageSize, ...filter } = query.output;
    const listed = await store.listEnquiries(filter, { page, pageSize });
    await audit(request, "lead-list", listDetail("enquiries", filter, listed));
    return listed;
  });

  app.get("/subscribers", async (request, reply) => {
    const query = v.safeParse(SubscriberQuery, emptyToUndefined(request.query));
    if (!query.success) return badRequest(reply);
    const { page, pageSize, ...filter } = query.output;
    const listed = await store.listSubscribers(filter, { page, pageSize });
    await audit(request, "lead-list", listDetail("subscribers", filter, listed));
    return listed;
  });

  app.get("/enquiries/:id", async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) return badRequest(reply);
    const found = await store.enquiry(params.output.id);
    if (!found) return reply.code(404).send({ statusCode: 404, message: "Not Found" });
    await audit(request, "lead-view", { kind: "enquiry", id: found.id });
    return found;
  });

  app.get("/subscribers/:id", async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) return badRequest(reply);
    const found = await store.subscriber(params.output.id);
    if (!found) return reply.code(404).send({ statusCode: 404, message: "Not Found" });
    await audit(request, "lead-view", { kind: "subscriber", id: found.id });
    return found;
  });

  app.get("/export.csv", async (request, reply) => {
    const query = v.safeParse(ExportQuery, emptyToUndefined(request.query));
    if (!query.success) return badRequest(reply);
    const { kind, ...filter } = query.output;
    const rows = kind === "enquiries" ? await store.exportEnquiries(filter) : await store.exportSubscribers(filter);
    await audit(request, "export", { kind, rows: rows.length, filters: filterNames(filter) });
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${kind}-${date}.csv"`)
      .send(toCsv(exportColumns[kind], rows));
  });

  app.post("/erase", { bodyLimit: OWNER_FORM_BODY_BYTES }, async (request, reply) => {
    const body = v.safeParse(PersonBody, request.body);
    if (!body.success) return badRequest(reply);
    const { email, ...counts } = await personalData.erase(body.output.email);
    // Counts only: the address itself is what was erased.
    await audit(request, "erase", countsOf(counts));
    request.log.info({ erased: counts }, "erasure");
    return { email, ...counts };
  });

  // The retention purge by hand (the server also runs it on a schedule): answers the counts.
  app.post("/purge", async (request) => {
    const counts = await personalData.purge();
    await audit(request, "purge", countsOf(counts));
    request.log.info({ purged: counts }, "retention purge");
    return counts;
  });

  // POST, so the address is in no URL (nor any log of one); the answer is a file to keep.
  app.post("/person", { bodyLimit: OWNER_FORM_BODY_BYTES }, async (request, reply) => {
    const body = v.safeParse(PersonBody, request.body);
    if (!body.success) return badRequest(reply);
    const record = await personalData.person(body.output.email);
    await audit(request, "access-export", accessExportCounts(record));
    return reply
      .type("application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="personal-data-${record.exportedAt.slice(0, 10)}.json"`)
      .send(`${JSON.stringify(record, null, 2)}\n`);
  });

  app.post("/deliveries/:id/retry", { bodyLimit: OWNER_FORM_BODY_BYTES }, async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) return badRequest(reply);
    const delivery = await store.retryDelivery(params.output.id);
    if (delivery === undefined) return reply.code(404).send({ statusCode: 404, message: "Not Found" });
    if (delivery === "not-failed") return reply.code(409).send({ statusCode: 409, message: "Only a failed delivery can be retried" });
    await audit(request, "delivery-retry", { id: delivery.id, topic: delivery.topic });
    // The worker looks at once rather than at its next poll.
    app.outbox.poke();
    return delivery;
  });

  // The audit trail itself: read (not an action), and exported (one).
  app.get("/activity", async (request, reply): Promise<ActivityPage> => {
    const query = v.safeParse(ActivityQuery, emptyToUndefined(request.query));
    if (!query.success) return badRequest(reply);
    const { person, ...paging } = query.output;
    return { ...(await app.audit.list({ ...paging, actor: person })), retentionMonths: auditRetentionMonths };
  });

  app.get("/activity.csv", async (request, reply) => {
    const rows = await app.audit.exportAll();
    await audit(request, "export", { kind: "activity", rows: rows.length });
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="activity-${date}.csv"`)
      .send(toCsv(ownerActionColumns, rows));
  });

  // The other owner-only routes, behind the same checks: the analytics dashboard, the Spam view, the content editor's publishing.
  app.analytics?.reportRoutes(app);
  spamAdminRoutes(app);
  // The team's people, invitations, settings and sessions, and each person's second factors.
  teamRoutes(app);
  secondFactorRoutes(app);
  contentAdminRoutes(app.publisher, (request, action, detail) => recordRequestAction(app.audit, request, action, detail))(app);

  // Anything else under /api/admin: the hooks above still answer 404/403/401 first.
  app.all("/*", async (_request, reply) => reply.code(404).send({ statusCode: 404, message: "Not Found" }));
}
