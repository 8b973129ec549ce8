import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import { ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX, ADMIN_QUERY_MAX, adminEndpoints, type SpamRelease } from "../../contract/admin";
import { enquiryFields, fieldEntries, type FieldTable } from "../../contract/fields";
import { singleLineText } from "../../contract/input-policy";
import { recordRequestAction } from "../admin/owner-requests";
import { toCsv, type Cell, type ExportColumns, type ExportRecord } from "../export";
import { deliverySettings } from "../outbox/lead-deliveries";
import { spamSummary, type ReleaseOptions } from "../store/spam-store";

// The inbox's Spam view (/api/admin/spam*): registered by the admin plugin,
// behind its session and cross-site checks. Listing is a read; releasing,
// deleting and exporting are owner actions, each one row of the audit trail
// (ids and counts only).

const text = v.pipe(singleLineText, v.maxLength(ADMIN_QUERY_MAX));
const pageNumber = (fallback: number, max: number) =>
  v.pipe(v.optional(v.string(), String(fallback)), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1), v.maxValue(max));
const ListQuery = v.strictObject({ q: v.optional(text), page: pageNumber(1, 1_000_000), pageSize: pageNumber(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX) });
const ExportQuery = v.strictObject({ q: v.optional(text) });
const IdParams = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });

const emptyToUndefined = (input: unknown) =>
  Object.fromEntries(Object.entries((input ?? {}) as Record<string, unknown>).filter(([, value]) => value !== "" && value !== undefined));

/** The export's columns: every held submission marked as suspected spam with its reasons, then the enquiry's fields. */
export function spamExportColumns(table: FieldTable = enquiryFields): ExportColumns {
  const fields = fieldEntries(table);
  return {
    headers: ["id", "created_at", "suspected_spam", "reasons", "score", "kind", ...fields.map(([, spec]) => spec.csv), "consent_version", "source_page", "user_agent", "ip_hash"],
    record(row) {
      const summary = spamSummary(row as never);
      const record: ExportRecord = {
        id: summary.id,
        created_at: summary.createdAt,
        suspected_spam: "yes",
        reasons: summary.reasons,
        score: String(summary.score),
        kind: summary.kind,
      };
      for (const [key, spec] of fields) record[spec.csv] = (summary.fields[key] as Cell | undefined) ?? (key === "email" ? summary.email : null);
      record.consent_version = String(row.consent_version ?? "");
      record.source_page = (row.source_page as string | null) ?? null;
      record.user_agent = (row.user_agent as string | null) ?? null;
      record.ip_hash = (row.ip_hash as string | null) ?? null;
      return record;
    },
  };
}

/** The Spam view's routes, in the admin plugin's scope; the spam and audit repositories are read from the instance. */
export function spamAdminRoutes(app: FastifyInstance) {
  const { spam, audit } = app;
  // A released submission sends what a lead sends; the worker is told to look now.
  const release: ReleaseOptions = { store: app.leads, deliveries: deliverySettings(app.config, app.secrets.unsubscribe), resendMinMs: app.config.confirmationResendMinMs };
  const onReleased = () => app.outbox.poke();
  const local = (path: string) => path.slice(app.prefix.length);
  const badRequest = { statusCode: 400, message: "Bad Request" };
  const notFound = { statusCode: 404, message: "Not Found" };

  app.get(local(adminEndpoints.spamCount), async () => ({ total: await spam.count() }));

  app.get(local(adminEndpoints.spam), async (request, reply) => {
    const query = v.safeParse(ListQuery, emptyToUndefined(request.query));
    if (!query.success) return reply.code(400).send(badRequest);
    const listed = await spam.list(query.output);
    // Held submissions are people's words and addresses: each view of them is an access, recorded like the leads' lists.
    await recordRequestAction(audit, request, "lead-list", { kind: "spam", rows: listed.items.length, total: listed.total, page: listed.page, filters: query.output.q ? "q" : "" });
    return listed;
  });

  app.get(local(adminEndpoints.spamCsv), async (request, reply) => {
    const query = v.safeParse(ExportQuery, emptyToUndefined(request.query));
    if (!query.success) return reply.code(400).send(badRequest);
    const rows = await spam.rows(query.output.q);
    await recordRequestAction(audit, request, "export", { kind: "spam", rows: rows.length, filters: query.output.q ? "q" : "" });
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="spam-${date}.csv"`)
      .send(toCsv(spamExportColumns(), rows));
  });

  app.post(local(adminEndpoints.spamRelease(":id")).replace("%3Aid", ":id"), async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) return reply.code(400).send(badRequest);
    const released = await spam.release(params.output.id, release);
    if (!released) return reply.code(404).send(notFound);
    await recordRequestAction(audit, request, "spam-release", {
      id: params.output.id,
      kind: released.kind,
      enquiry: released.enquiryId,
      ...(released.notice && { notice: released.notice.reason }),
    });
    onReleased();
    const answer: SpamRelease = { kind: released.kind, enquiryId: released.enquiryId, ...(released.notice && { notice: released.notice }) };
    return answer;
  });

  app.delete(local(adminEndpoints.spamItem(":id")).replace("%3Aid", ":id"), async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) return reply.code(400).send(badRequest);
    if (!(await spam.remove(params.output.id))) return reply.code(404).send(notFound);
    await recordRequestAction(audit, request, "spam-delete", { id: params.output.id });
    return { deleted: true };
  });
}
