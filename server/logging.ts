import type { FastifyServerOptions } from "fastify";

// pino options: personal data (names, emails, phone numbers, messages, bodies,
// cookies) is censored wherever it might appear in a log object.

const personal = ["email", "name", "phone", "message", "salutation", "sector", "you_need", "website"];

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
