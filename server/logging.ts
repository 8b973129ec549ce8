import type { FastifyServerOptions } from "fastify";
import { fields } from "../contract/fields";
import { enquiryFields, newsletterFields, type FieldTable } from "../contract/form-fields";

// pino options: personal data (names, emails, phone numbers, messages, bodies,
// cookies) is censored at the top of a log object and one level down, which is
// as far as pino's `*.field` wildcard reaches. Deeper is not censored, so the
// server never logs a lead, a body or a row nested deeper than that
// (logging.test.ts shows both sides of the line).

/**
 * The wire names of both forms' personal fields (the tables' `personal` mark,
 * which the privacy policy lists too), and the honeypot's, which a bot may
 * fill with anything.
 */
const personal = [
  ...new Set(
    [enquiryFields, newsletterFields]
      .flatMap((table: FieldTable) => Object.values(table).flatMap((spec) => (spec.personal === false ? [] : [spec.wire])))
      .concat(fields.honeypot),
  ),
];

export const redactPaths = [
  "req.body",
  "body",
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["idempotency-key"]',
  "req.headers.referer",
  // The inbox's sign-in body, should anything ever log it.
  "password",
  "*.password",
  ...personal,
  ...personal.map((field) => `*.${field}`),
];

export function logOptions(level: string): Exclude<FastifyServerOptions["logger"], boolean | undefined> {
  return { level, redact: { paths: redactPaths, censor: "[redacted]" } };
}

/**
 * What is logged of an unexpected error: its kind, code, message and stack, but
 * not the extra fields drivers attach (PostgreSQL's `detail` quotes the row's values).
 */
export function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  return { type: error.name, code: (error as { code?: unknown }).code, message: error.message, stack: error.stack };
}
