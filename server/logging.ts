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
  ...personal,
  ...personal.map((field) => `*.${field}`),
];

export function logOptions(level: string): Exclude<FastifyServerOptions["logger"], boolean | undefined> {
  return { level, redact: { paths: redactPaths, censor: "[redacted]" } };
}
