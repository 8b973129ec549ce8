import path from "node:path";
import * as v from "valibot";

// Every setting the server reads, parsed and validated once at start. The
// defaults make `npm start` work on a fresh machine with nothing configured.

const port = v.pipe(
  v.optional(v.string(), "3000"),
  v.transform(Number),
  v.integer("must be a whole number"),
  v.minValue(0, "must be 0–65535"),
  v.maxValue(65535, "must be 0–65535"),
);
const url = v.pipe(v.string(), v.url("must be an absolute URL such as https://example.co.uk"));
const text = v.pipe(v.string(), v.minLength(1));

/** A whole number of at least `min`, given as a string. */
const count = (fallback: string, min: number) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^\d+$/, "must be a whole number"),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
  );

const databaseUrl = v.pipe(
  v.string(),
  v.regex(/^postgres(ql)?:\/\//, "must be a PostgreSQL URL such as postgres://user@host:5432/db"),
);
const smtpUrl = v.pipe(v.string(), v.regex(/^smtps?:\/\//, "must be an SMTP URL such as smtp://user:password@smtp.example.co.uk:587"));
/** An address header: "Name <a@b.c>" or a bare address, on one line. */
const mailbox = v.pipe(
  v.string(),
  v.regex(/^[^\r\n]*\S+@\S+[^\r\n]*$/, 'must be an email address, optionally with a name: "Name <a@example.co.uk>"'),
);
const redisUrl = v.pipe(v.string(), v.regex(/^rediss?:\/\//, "must be a Redis URL such as redis://127.0.0.1:6379"));

const origins = v.pipe(
  v.string(),
  v.transform((value) => value.split(",").map((item) => item.trim()).filter(Boolean)),
  v.array(
    v.pipe(
      v.string(),
      v.check((item) => {
        try {
          return new URL(item).origin === item;
        } catch {
          return false;
        }
      }, "must be a comma-separated list of origins such as https://example.co.uk (scheme, host and port only)"),
    ),
  ),
);

/**
 * Fastify's trustProxy: "true"/"false", a hop count, or a comma-separated list
 * of proxy addresses/CIDRs. Off by default: trusting X-Forwarded-For from
 * anyone would let a client pick the IP its rate limit is counted under.
 */
const trustProxy = v.pipe(
  v.optional(v.string(), "false"),
  v.transform((value): boolean | number | string => {
    if (value === "true") return true;
    if (value === "false") return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value;
  }),
);

const EnvSchema = v.object({
  PORT: port,
  HOST: v.optional(text, "0.0.0.0"),
  DATA_DIR: v.optional(text, "./data"),
  PUBLIC_SITE_URL: v.optional(url, "http://localhost:3000"),
  /** Where the built site's forms post (read by the build too); its origin joins the pages' connect-src. */
  PUBLIC_API_BASE: v.optional(url),
  /** Where the pre-rendered site is; tests point it at their own build. */
  SITE_DIR: v.optional(text, "./build/client"),
  LOG_LEVEL: v.optional(v.picklist(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  DATABASE_URL: v.optional(databaseUrl),
  REDIS_URL: v.optional(redisUrl),
  RATE_LIMIT_MAX: count("5", 1),
  RATE_LIMIT_WINDOW_MS: count("60000", 1000),
  MIN_SUBMIT_MS: count("2000", 0),
  CORS_ORIGINS: v.optional(origins, ""),
  IP_HASH_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, "must be at least 16 characters"))),
  TRUST_PROXY: trustProxy,
  /** PEM certificate and key paths: both set serves HTTPS directly (no proxy in front). */
  TLS_CERT: v.optional(v.pipe(v.string(), v.minLength(1))),
  TLS_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** Outgoing mail over SMTP when set; otherwise every message is written to DATA_DIR/outbox-mail/. */
  SMTP_URL: v.optional(smtpUrl),
  MAIL_FROM: v.optional(mailbox, "Freelancer Marketplace UK <no-reply@localhost>"),
  TEAM_EMAIL: v.optional(mailbox, "team@localhost"),
  LEADS_WEBHOOK_URL: v.optional(url),
  LEADS_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, "must be at least 16 characters"))),
  UNSUBSCRIBE_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, "must be at least 16 characters"))),
  OUTBOX_POLL_MS: count("1000", 10),
  OUTBOX_BASE_DELAY_MS: count("5000", 10),
  OUTBOX_MAX_DELAY_MS: count("3600000", 10),
  CONFIRMATION_RESEND_MIN_MS: count("600000", 0),
  /** The owner's inbox at /admin is off without it. */
  ADMIN_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(12, "must be at least 12 characters"))),
  ADMIN_SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "must be at least 32 characters"))),
  ADMIN_SIGNIN_MAX: count("5", 1),
  ANALYTICS: v.optional(v.picklist(["on", "off"], 'must be "on" or "off"'), "on"),
  ANALYTICS_HONOR_GPC: v.optional(v.picklist(["true", "false"], 'must be "true" or "false"'), "true"),
  ANALYTICS_RATE_LIMIT_MAX: count("120", 1),
  ANALYTICS_FLUSH_MS: count("5000", 10),
});

export type Env = v.InferInput<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicSiteUrl: URL;
  /** Origin of a separate API host the forms post to, if any. */
  apiOrigin?: string;
  siteDir: string;
  logLevel: string;
  /** PostgreSQL when set; otherwise SQLite at dataDir/leads.db. */
  databaseUrl?: string;
  /** Rate-limit counters in Redis when set (shared by several instances); otherwise in memory. */
  redisUrl?: string;
  rateLimit: { max: number; windowMs: number };
  /** A form submitted sooner than this after it was rendered is taken for a bot. */
  minSubmitMs: number;
  /** Other origins allowed to POST leads cross-site (CORS); empty means same-origin only. */
  corsOrigins: string[];
  /** Key for hashing visitors' IP addresses; when unset a random one is kept in dataDir. */
  ipHashSecret?: string;
  trustProxy: boolean | number | string;
  /** Serve HTTPS with this certificate and key (paths), when both are set. */
  tls?: { certPath: string; keyPath: string };
  mail: {
    /** SMTP when set; otherwise .eml files in dataDir/outbox-mail. */
    smtpUrl?: string;
    from: string;
    teamEmail: string;
  };
  /** CRM forwarding: every accepted lead POSTed, signed, to this URL. */
  webhook?: { url: string; secret: string };
  /** Key for unsubscribe tokens; when unset a random one is kept in dataDir. */
  unsubscribeSecret?: string;
  outbox: { pollMs: number; baseDelayMs: number; maxDelayMs: number };
  /** At most one confirmation email per address per this long. */
  confirmationResendMinMs: number;
  /** The owner's inbox: off without a password; sign-in attempts per IP per 15 minutes. */
  admin: { password?: string; sessionSecret?: string; signInMax: number };
  /** First-party, cookieless analytics: on by default; events per IP per minute; how often counts are written. */
  analytics: { enabled: boolean; honorGpc: boolean; rateLimitMax: number; flushMs: number };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const key = issue.path?.map((item) => String(item.key)).join(".") ?? "?";
      const name = key.split(".")[0] ?? key;
      // Never echo a secret or a URL that may carry a password.
      const shown = /SECRET|PASSWORD|_URL$/.test(name) && !name.startsWith("PUBLIC_") ? "…" : (present[name] ?? "");
      return `  ${name}=${JSON.stringify(shown)}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const out = result.output;
  if ((out.TLS_CERT === undefined) !== (out.TLS_KEY === undefined)) {
    const missing = out.TLS_CERT === undefined ? "TLS_CERT" : "TLS_KEY";
    throw new ConfigError(`Invalid configuration:\n  ${missing}="": must be set together with ${missing === "TLS_CERT" ? "TLS_KEY" : "TLS_CERT"}`);
  }
  if (out.LEADS_WEBHOOK_URL && !out.LEADS_WEBHOOK_SECRET) {
    throw new ConfigError("Invalid configuration:\n  LEADS_WEBHOOK_SECRET: must be set when LEADS_WEBHOOK_URL is (the receiver verifies the signature with it)");
  }
  return {
    port: out.PORT,
    host: out.HOST,
    dataDir: path.resolve(out.DATA_DIR),
    publicSiteUrl: new URL(out.PUBLIC_SITE_URL),
    apiOrigin: out.PUBLIC_API_BASE ? new URL(out.PUBLIC_API_BASE).origin : undefined,
    siteDir: path.resolve(out.SITE_DIR),
    logLevel: out.LOG_LEVEL,
    databaseUrl: out.DATABASE_URL,
    redisUrl: out.REDIS_URL,
    rateLimit: { max: out.RATE_LIMIT_MAX, windowMs: out.RATE_LIMIT_WINDOW_MS },
    minSubmitMs: out.MIN_SUBMIT_MS,
    corsOrigins: out.CORS_ORIGINS,
    ipHashSecret: out.IP_HASH_SECRET,
    trustProxy: out.TRUST_PROXY,
    tls: out.TLS_CERT && out.TLS_KEY ? { certPath: path.resolve(out.TLS_CERT), keyPath: path.resolve(out.TLS_KEY) } : undefined,
    mail: { smtpUrl: out.SMTP_URL, from: out.MAIL_FROM, teamEmail: out.TEAM_EMAIL },
    webhook: out.LEADS_WEBHOOK_URL && out.LEADS_WEBHOOK_SECRET ? { url: out.LEADS_WEBHOOK_URL, secret: out.LEADS_WEBHOOK_SECRET } : undefined,
    unsubscribeSecret: out.UNSUBSCRIBE_SECRET,
    outbox: { pollMs: out.OUTBOX_POLL_MS, baseDelayMs: out.OUTBOX_BASE_DELAY_MS, maxDelayMs: Math.max(out.OUTBOX_MAX_DELAY_MS, out.OUTBOX_BASE_DELAY_MS) },
    confirmationResendMinMs: out.CONFIRMATION_RESEND_MIN_MS,
    admin: { password: out.ADMIN_PASSWORD, sessionSecret: out.ADMIN_SESSION_SECRET, signInMax: out.ADMIN_SIGNIN_MAX },
    analytics: { enabled: out.ANALYTICS === "on", honorGpc: out.ANALYTICS_HONOR_GPC === "true", rateLimitMax: out.ANALYTICS_RATE_LIMIT_MAX, flushMs: out.ANALYTICS_FLUSH_MS },
  };
}
