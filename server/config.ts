import path from "node:path";
import * as v from "valibot";
import { AUDIT_RETENTION_MONTHS, parsePeriod, retentionDefaults, retentionEnv, type RetentionPeriods } from "../contract/retention";
import { secretMinimums } from "./secrets";

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
const secret = (min: number) => v.pipe(v.string(), v.minLength(min, `must be at least ${min} characters`));

/** A whole number of at least `min`, given as a string. */
const count = (fallback: string, min: number) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^\d+$/, "must be a whole number"),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
  );

/** A retention period: checked by the same function the build uses (contract/retention.ts). */
const period = (fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.rawCheck(({ dataset, addIssue }) => {
      const parsed = dataset.typed ? parsePeriod(dataset.value) : undefined;
      if (typeof parsed === "string") addIssue({ message: parsed });
    }),
    v.transform(Number),
  );
const retentionEntries = Object.fromEntries(
  (Object.keys(retentionEnv) as (keyof RetentionPeriods)[]).map((key) => [retentionEnv[key], period(retentionDefaults[key])]),
) as Record<string, ReturnType<typeof period>>;

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
 * Which proxies may set X-Forwarded-For: a hop count, or a comma-separated list
 * of proxy addresses/CIDRs. Off by default. `true` is refused: it trusts every
 * hop, so the client's own leftmost entry would pick the address its rate limit
 * is counted under.
 */
const trustProxy = v.pipe(
  v.optional(v.string(), "false"),
  v.check(
    (value) => value !== "true",
    "trusts every X-Forwarded-For entry, and the client writes the leftmost one: give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs instead",
  ),
  v.transform((value): false | number | string => {
    if (value === "false") return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value;
  }),
);

/** A loopback host (this machine): the only place a plain-HTTP webhook may go. */
const isLoopbackHost = (hostname: string) => hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
/** The CRM webhook carries leads' personal data: HTTPS only, except to a receiver on this machine. */
const webhookUrl = v.pipe(
  url,
  v.check((value) => {
    const { protocol, hostname } = new URL(value);
    return protocol === "https:" || (protocol === "http:" && isLoopbackHost(hostname));
  }, "must be an https: URL (plain http: only to 127.0.0.1, [::1] or localhost: leads' personal data would cross the network unencrypted)"),
);

export const EnvSchema = v.object({
  PORT: port,
  HOST: v.optional(text, "0.0.0.0"),
  DATA_DIR: v.optional(text, "./data"),
  PUBLIC_SITE_URL: v.optional(url, "http://localhost:3000"),
  /** Where the built site's forms post (read by the build too); its origin joins the pages' connect-src. */
  PUBLIC_API_BASE: v.optional(url),
  /** Where the pre-rendered site is; tests point it at their own build; `none` serves the API only (the dev server). */
  SITE_DIR: v.optional(text, "./build/client"),
  LOG_LEVEL: v.optional(v.picklist(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  DATABASE_URL: v.optional(databaseUrl),
  REDIS_URL: v.optional(redisUrl),
  RATE_LIMIT_MAX: count("5", 1),
  RATE_LIMIT_WINDOW_MS: count("60000", 1000),
  MIN_SUBMIT_MS: count("2000", 0),
  SPAM_FILTER: v.optional(v.picklist(["on", "off"], 'must be "on" or "off"'), "on"),
  CORS_ORIGINS: v.optional(origins, ""),
  IP_HASH_SECRET: v.optional(secret(secretMinimums.IP_HASH_SECRET)),
  TRUST_PROXY: trustProxy,
  /** PEM certificate and key paths: both set serves HTTPS directly (no proxy in front). */
  TLS_CERT: v.optional(v.pipe(v.string(), v.minLength(1))),
  TLS_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** Outgoing mail over SMTP when set; otherwise every message is written to DATA_DIR/outbox-mail/. */
  SMTP_URL: v.optional(smtpUrl),
  MAIL_FROM: v.optional(mailbox, "Freelancer Marketplace UK <no-reply@localhost>"),
  TEAM_EMAIL: v.optional(mailbox, "team@localhost"),
  LEADS_WEBHOOK_URL: v.optional(webhookUrl),
  LEADS_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, "must be at least 16 characters"))),
  UNSUBSCRIBE_SECRET: v.optional(secret(secretMinimums.UNSUBSCRIBE_SECRET)),
  OUTBOX_POLL_MS: count("1000", 10),
  OUTBOX_BASE_DELAY_MS: count("5000", 10),
  OUTBOX_MAX_DELAY_MS: count("3600000", 10),
  CONFIRMATION_RESEND_MIN_MS: count("600000", 0),
  /** The owner's inbox at /admin is off without it. */
  ADMIN_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(12, "must be at least 12 characters"))),
  ADMIN_SESSION_SECRET: v.optional(secret(secretMinimums.ADMIN_SESSION_SECRET)),
  ADMIN_SIGNIN_MAX: count("5", 1),
  /** A team session ends this many hours after its sign-in, however busy. */
  ADMIN_SESSION_HOURS: count("8", 1),
  /** …and this many minutes after its last request. */
  ADMIN_SESSION_IDLE_MINUTES: count("30", 1),
  /** Failed sign-ins from all addresses together per 15 minutes; past it every sign-in waits for the window. */
  ADMIN_SIGNIN_TOTAL_MAX: count("100", 1),
  /** How long the audit trail of the owner's actions is kept, in months. */
  RETENTION_AUDIT_MONTHS: count(String(AUDIT_RETENTION_MONTHS), 1),
  /** Prometheus metrics: GET /metrics with this Bearer token, and/or a listener on 127.0.0.1:METRICS_PORT. Off without both. */
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, "must be at least 16 characters"))),
  METRICS_PORT: v.optional(port),
  /** Scheduled backups of the SQLite store into this folder; off when unset. */
  BACKUP_DIR: v.optional(text),
  BACKUP_INTERVAL_MS: count(String(24 * 60 * 60 * 1000), 60_000),
  BACKUP_KEEP: count("7", 1),
  /** Every connection's time limits; defaults far above what a slow phone on a poor signal needs. */
  HTTP_HEADERS_TIMEOUT_MS: count("15000", 1000),
  HTTP_REQUEST_TIMEOUT_MS: count("25000", 1000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: count("5000", 100),
  HTTP_IDLE_TIMEOUT_MS: count("30000", 1000),
  /** Open connections per client socket address (IPv6 per /64); 0 switches the cap off. */
  CONNECTIONS_PER_ADDRESS_MAX: count("100", 0),
  ANALYTICS: v.optional(v.picklist(["on", "off"], 'must be "on" or "off"'), "on"),
  ANALYTICS_HONOR_GPC: v.optional(v.picklist(["true", "false"], 'must be "true" or "false"'), "true"),
  ANALYTICS_RATE_LIMIT_MAX: count("120", 1),
  ANALYTICS_FLUSH_MS: count("5000", 10),
  /** How long personal data is kept (RETENTION_ENQUIRY_MONTHS, …), and how often the server purges what has expired. */
  ...retentionEntries,
  PURGE_INTERVAL_HOURS: count("6", 1),
  /** The owner's content editor and publishing (needs ADMIN_PASSWORD). */
  CONTENT_EDITOR: v.optional(v.picklist(["on", "off", "github"], 'must be "on", "off" or "github"'), "off"),
  /** With CONTENT_EDITOR=github: the repository the editor commits to (owner/name). */
  CONTENT_GITHUB_REPO: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]+\/[\w.-]+$/, "must be owner/name, e.g. acme/site"))),
  /** After each publish, push the commit to the checkout's `origin` (a team's GitLab or GitHub CI then deploys it too). */
  CONTENT_GIT_PUSH: v.optional(v.picklist(["on", "off"], 'must be "on" or "off"'), "off"),
  /** The checkout the editor writes to and publishing builds from (a git repository, or one is started there). */
  SITE_SOURCE_DIR: v.optional(text, "."),
  /**
   * Where each publish builds into a new folder and records the served one;
   * defaults to DATA_DIR/site-releases. Set on an instance without the editor,
   * it serves (and follows) the release the editor's instance published there.
   */
  SITE_RELEASES_DIR: v.optional(text),
  /** Who the content commits are by. */
  CONTENT_AUTHOR: v.optional(v.pipe(mailbox, v.regex(/^[^<>]+<[^<>\s]+@[^<>\s]+>$/, 'must be a name and an address: "Name <a@example.co.uk>"')), "Site owner <owner@localhost>"),
});

export type Env = v.InferInput<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicSiteUrl: URL;
  /** Origin of a separate API host the forms post to, if any. */
  apiOrigin?: string;
  /** The pre-rendered site to serve; undefined serves the API only (`npm run dev`, where Vite serves the pages). */
  siteDir?: string;
  logLevel: string;
  /** PostgreSQL when set; otherwise SQLite at dataDir/leads.db. */
  databaseUrl?: string;
  /** Rate-limit counters in Redis when set (shared by several instances); otherwise in memory. */
  redisUrl?: string;
  rateLimit: { max: number; windowMs: number };
  /** A form submitted sooner than this after it was rendered is taken for a bot. */
  minSubmitMs: number;
  /** Off: no submission is held as suspected spam (its signals are still counted in the metrics). */
  spamFilter: boolean;
  /** Other origins allowed to POST leads cross-site (CORS); empty means same-origin only. */
  corsOrigins: string[];
  /** Key for hashing visitors' IP addresses; when unset a random one is kept in dataDir. */
  ipHashSecret?: string;
  /** false, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string;
  /** Time limits on every connection and the cap per client socket address (0: no cap). */
  connections: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; idleTimeoutMs: number; perAddressMax: number };
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
  admin: {
    password?: string;
    sessionSecret?: string;
    signInMax: number;
    signInTotalMax: number;
    auditRetentionMonths: number;
    /** A session ends this long after its sign-in, and this long after its last request. */
    sessionTtlMs: number;
    sessionIdleMs: number;
  };
  /** Prometheus metrics: off unless a token (GET /metrics on the main port) or a loopback port is set. */
  metrics: { token?: string; port?: number };
  /** Scheduled backups (SQLite only): a new one every intervalMs into dir, keeping the newest `keep`. */
  backup?: { dir: string; intervalMs: number; keep: number };
  /** First-party, cookieless analytics: on by default; events per IP per minute; how often counts are written. */
  analytics: { enabled: boolean; honorGpc: boolean; rateLimitMax: number; flushMs: number };
  /** The retention periods the purge enforces (the privacy policy states the same), and how often it runs. */
  retention: { periods: RetentionPeriods; intervalMs: number };
  /** The content editor at /keystatic and publishing from sourceDir into new folders under releasesDir; off unless CONTENT_EDITOR=on. */
  content?: {
    /** local: edits this server's checkout and publishes here; github: edits the repository on GitHub, whose CI deploys. */
    mode: "local" | "github";
    githubRepo?: `${string}/${string}`;
    sourceDir: string;
    releasesDir: string;
    editorDir: string;
    author: { name: string; email: string };
    push: boolean;
  };
  /** Without the editor here: the shared releases folder whose served release this instance follows (SITE_RELEASES_DIR). */
  followReleasesDir?: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

type RawEnv = Record<string, string | undefined>;
/** A setting's value as given, else its schema default: what the checks between settings compare. */
const given = (env: RawEnv, name: keyof typeof EnvSchema.entries): string | undefined => env[name] ?? (v.getDefault(EnvSchema.entries[name]) as string | undefined);

/**
 * The rules between settings, read from the values as given so that they are
 * reported together with any bad single value, all in one message.
 */
const crossFieldRules: readonly { broken: (env: RawEnv) => boolean; line: (env: RawEnv) => string }[] = [
  {
    broken: (env) => (env.TLS_CERT === undefined) !== (env.TLS_KEY === undefined),
    line: (env) => (env.TLS_CERT === undefined ? `TLS_CERT="": must be set together with TLS_KEY` : `TLS_KEY="": must be set together with TLS_CERT`),
  },
  {
    broken: (env) => env.LEADS_WEBHOOK_URL !== undefined && env.LEADS_WEBHOOK_SECRET === undefined,
    line: () => "LEADS_WEBHOOK_SECRET: must be set when LEADS_WEBHOOK_URL is (the receiver verifies the signature with it)",
  },
  {
    broken: (env) => env.BACKUP_DIR !== undefined && env.DATABASE_URL !== undefined,
    line: () => "BACKUP_DIR: scheduled backups are for the SQLite store; back up PostgreSQL (DATABASE_URL) with pg_dump (docs/operating.md)",
  },
  {
    broken: (env) => given(env, "CONTENT_EDITOR") !== "off" && env.ADMIN_PASSWORD === undefined,
    line: () => "CONTENT_EDITOR: needs ADMIN_PASSWORD (the editor is the owner's, behind the inbox's sign-in)",
  },
  {
    broken: (env) => (env.CONTENT_EDITOR === "github") !== (env.CONTENT_GITHUB_REPO !== undefined),
    line: () => "CONTENT_GITHUB_REPO: set it with CONTENT_EDITOR=github, and only then (the repository the editor commits to)",
  },
  {
    broken: (env) => Number(given(env, "HTTP_HEADERS_TIMEOUT_MS")) > Number(given(env, "HTTP_REQUEST_TIMEOUT_MS")),
    line: () => "HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)",
  },
];

/** Parses the environment; throws one ConfigError naming every bad variable, single values and rules between them alike. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== "")) as Record<string, string>;
  // One line per bad value: a pipe stops at its first complaint.
  const result = v.safeParse(EnvSchema, present, { abortPipeEarly: true });
  const lines = (result.issues ?? []).map((issue) => {
    const key = issue.path?.map((item) => String(item.key)).join(".") ?? "?";
    const name = key.split(".")[0] ?? key;
    // Never echo a secret or a URL that may carry a password.
    const shown = /SECRET|PASSWORD|TOKEN|_URL$/.test(name) && !name.startsWith("PUBLIC_") ? "…" : (present[name] ?? "");
    return `${name}=${JSON.stringify(shown)}: ${issue.message}`;
  });
  for (const rule of crossFieldRules) if (rule.broken(present)) lines.push(rule.line(present));
  if (!result.success || lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.map((line) => `  ${line}`).join("\n")}`);
  const out = result.output;
  return {
    port: out.PORT,
    host: out.HOST,
    dataDir: path.resolve(out.DATA_DIR),
    publicSiteUrl: new URL(out.PUBLIC_SITE_URL),
    apiOrigin: out.PUBLIC_API_BASE ? new URL(out.PUBLIC_API_BASE).origin : undefined,
    siteDir: out.SITE_DIR === "none" ? undefined : path.resolve(out.SITE_DIR),
    logLevel: out.LOG_LEVEL,
    databaseUrl: out.DATABASE_URL,
    redisUrl: out.REDIS_URL,
    rateLimit: { max: out.RATE_LIMIT_MAX, windowMs: out.RATE_LIMIT_WINDOW_MS },
    minSubmitMs: out.MIN_SUBMIT_MS,
    spamFilter: out.SPAM_FILTER === "on",
    corsOrigins: out.CORS_ORIGINS,
    ipHashSecret: out.IP_HASH_SECRET,
    trustProxy: out.TRUST_PROXY,
    connections: {
      headersTimeoutMs: out.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: out.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: out.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: out.HTTP_IDLE_TIMEOUT_MS,
      perAddressMax: out.CONNECTIONS_PER_ADDRESS_MAX,
    },
    tls: out.TLS_CERT && out.TLS_KEY ? { certPath: path.resolve(out.TLS_CERT), keyPath: path.resolve(out.TLS_KEY) } : undefined,
    mail: { smtpUrl: out.SMTP_URL, from: out.MAIL_FROM, teamEmail: out.TEAM_EMAIL },
    webhook: out.LEADS_WEBHOOK_URL && out.LEADS_WEBHOOK_SECRET ? { url: out.LEADS_WEBHOOK_URL, secret: out.LEADS_WEBHOOK_SECRET } : undefined,
    unsubscribeSecret: out.UNSUBSCRIBE_SECRET,
    outbox: { pollMs: out.OUTBOX_POLL_MS, baseDelayMs: out.OUTBOX_BASE_DELAY_MS, maxDelayMs: Math.max(out.OUTBOX_MAX_DELAY_MS, out.OUTBOX_BASE_DELAY_MS) },
    confirmationResendMinMs: out.CONFIRMATION_RESEND_MIN_MS,
    admin: { password: out.ADMIN_PASSWORD, sessionSecret: out.ADMIN_SESSION_SECRET, signInMax: out.ADMIN_SIGNIN_MAX, signInTotalMax: out.ADMIN_SIGNIN_TOTAL_MAX, auditRetentionMonths: out.RETENTION_AUDIT_MONTHS,
      sessionTtlMs: out.ADMIN_SESSION_HOURS * 60 * 60 * 1000,
      sessionIdleMs: out.ADMIN_SESSION_IDLE_MINUTES * 60 * 1000,
    },
    metrics: { token: out.METRICS_TOKEN, port: out.METRICS_PORT },
    backup: out.BACKUP_DIR ? { dir: path.resolve(out.BACKUP_DIR), intervalMs: out.BACKUP_INTERVAL_MS, keep: out.BACKUP_KEEP } : undefined,
    analytics: { enabled: out.ANALYTICS === "on", honorGpc: out.ANALYTICS_HONOR_GPC === "true", rateLimitMax: out.ANALYTICS_RATE_LIMIT_MAX, flushMs: out.ANALYTICS_FLUSH_MS },
    retention: {
      periods: Object.fromEntries(
        (Object.keys(retentionEnv) as (keyof RetentionPeriods)[]).map((key) => [key, (out as Record<string, unknown>)[retentionEnv[key]] as number]),
      ) as unknown as RetentionPeriods,
      intervalMs: out.PURGE_INTERVAL_HOURS * 60 * 60 * 1000,
    },
    content:
      out.CONTENT_EDITOR !== "off"
        ? {
            mode: out.CONTENT_EDITOR === "github" ? "github" : "local",
            githubRepo: out.CONTENT_GITHUB_REPO as `${string}/${string}` | undefined,
            push: out.CONTENT_GIT_PUSH === "on",
            sourceDir: path.resolve(out.SITE_SOURCE_DIR),
            releasesDir: path.resolve(out.SITE_RELEASES_DIR ?? path.join(out.DATA_DIR, "site-releases")),
            editorDir: path.resolve(out.SITE_SOURCE_DIR, "build/editor"),
            author: {
              name: out.CONTENT_AUTHOR.slice(0, out.CONTENT_AUTHOR.indexOf("<")).trim(),
              email: out.CONTENT_AUTHOR.slice(out.CONTENT_AUTHOR.indexOf("<") + 1, -1),
            },
          }
        : undefined,
    followReleasesDir: out.CONTENT_EDITOR === "off" && out.SITE_RELEASES_DIR ? path.resolve(out.SITE_RELEASES_DIR) : undefined,
  };
}
