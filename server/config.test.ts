import { readFileSync } from "node:fs";
import path from "node:path";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { AUDIT_RETENTION_MONTHS, retentionDefaults } from "../contract/retention";
import { readBuildEnv } from "../scripts/build/build-env";
import { ConfigError, EnvSchema, loadConfig } from "./config";

describe("loadConfig", () => {
  it("works with nothing set: port 3000, ./data, the local site URL", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.publicSiteUrl.href).toBe("http://localhost:3000/");
  });

  it("reads the values it is given; empty means unset", () => {
    const config = loadConfig({ PORT: "8080", HOST: "127.0.0.1", DATA_DIR: "/tmp/x", PUBLIC_SITE_URL: "https://example.co.uk", LOG_LEVEL: "" });
    expect(config).toMatchObject({ port: 8080, host: "127.0.0.1", dataDir: "/tmp/x", logLevel: "info" });
    expect(config.publicSiteUrl.origin).toBe("https://example.co.uk");
  });

  it("has lead-intake defaults: SQLite, memory rate limits of 5 a minute, same-origin only, no proxy trusted, the spam filter on", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ databaseUrl: undefined, redisUrl: undefined, rateLimit: { max: 5, windowMs: 60_000 }, minSubmitMs: 2000, corsOrigins: [], trustProxy: false });
    // The unit tests' app turns it off for their script-made posts (app.test-support.ts); what ships holds suspected spam.
    expect(config.spamFilter).toBe(true);
  });

  it("reads the lead-intake settings", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://u@db:5432/leads", REDIS_URL: "redis://cache:6379", RATE_LIMIT_MAX: "100", RATE_LIMIT_WINDOW_MS: "1000",
      MIN_SUBMIT_MS: "0", CORS_ORIGINS: "https://a.example, https://b.example:8443", IP_HASH_SECRET: "0123456789abcdef", TRUST_PROXY: "1",
    });
    expect(config).toMatchObject({ rateLimit: { max: 100, windowMs: 1000 }, minSubmitMs: 0, corsOrigins: ["https://a.example", "https://b.example:8443"], trustProxy: 1 });
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8,127.0.0.1" }).trustProxy).toBe("10.0.0.0/8,127.0.0.1");
  });

  it("refuses bad lead-intake settings without echoing secrets", () => {
    try {
      loadConfig({ DATABASE_URL: "mysql://root:hunter2@db/x", RATE_LIMIT_MAX: "0", CORS_ORIGINS: "https://a.example/path", IP_HASH_SECRET: "short" });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["DATABASE_URL", "RATE_LIMIT_MAX", "CORS_ORIGINS", "IP_HASH_SECRET"]) expect(message).toContain(name);
      expect(message).not.toContain("hunter2");
      expect(message).not.toContain("short");
    }
  });

  it("names every bad variable in one clear message", () => {
    expect(() => loadConfig({ PORT: "eighty", PUBLIC_SITE_URL: "example" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "70000", PUBLIC_SITE_URL: "example" });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT="70000": must be 0–65535/);
      expect((error as Error).message).toMatch(/PUBLIC_SITE_URL="example": must be an absolute URL/);
    }
  });

  it("names bad single values and broken rules between settings in the same message", () => {
    const message = (() => {
      try {
        loadConfig({ PORT: "eighty", TLS_CERT: "/c/cert.pem", BACKUP_DIR: "b", DATABASE_URL: "postgres://u@h/db", HTTP_HEADERS_TIMEOUT_MS: "40000" });
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    })();
    expect(message.split("\n")).toEqual([
      "Invalid configuration:",
      expect.stringMatching(/^ {2}PORT="eighty": /),
      '  TLS_KEY="": must be set together with TLS_CERT',
      expect.stringMatching(/^ {2}BACKUP_DIR: .*pg_dump/),
      expect.stringMatching(/^ {2}HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS/),
    ]);
  });

  it("reads TLS certificate and key paths only as a pair", () => {
    expect(loadConfig({}).tls).toBeUndefined();
    expect(loadConfig({ TLS_CERT: "/c/cert.pem", TLS_KEY: "/c/key.pem" }).tls).toEqual({ certPath: "/c/cert.pem", keyPath: "/c/key.pem" });
    expect(() => loadConfig({ TLS_CERT: "/c/cert.pem" })).toThrow(/TLS_KEY="": must be set together with TLS_CERT/);
  });
});

describe("PUBLIC_API_BASE", () => {
  it("keeps the origin of a separate API host for the pages' connect-src", () => {
    expect(loadConfig({ PUBLIC_API_BASE: "https://crm.example.com/v1" }).apiOrigin).toBe("https://crm.example.com");
    expect(loadConfig({}).apiOrigin).toBeUndefined();
  });
});

describe("the owner's inbox settings", () => {
  it("is off by default, with sign-in limited to 5 attempts", () => {
    expect(loadConfig({}).admin).toEqual({
      password: undefined,
      sessionSecret: undefined,
      signInMax: 5,
      signInTotalMax: 100,
      auditRetentionMonths: AUDIT_RETENTION_MONTHS,
      sessionTtlMs: 8 * 60 * 60 * 1000,
      sessionIdleMs: 30 * 60 * 1000,
    });
  });

  it("reads the password, session key and sign-in limit", () => {
    const key = "k".repeat(32);
    const env = { ADMIN_PASSWORD: "a long enough password", ADMIN_SESSION_SECRET: key, ADMIN_SIGNIN_MAX: "10", RETENTION_AUDIT_MONTHS: "6", ADMIN_SESSION_HOURS: "4", ADMIN_SESSION_IDLE_MINUTES: "15" };
    expect(loadConfig(env).admin).toEqual({
      password: "a long enough password",
      sessionSecret: key,
      signInMax: 10,
      signInTotalMax: 100,
      auditRetentionMonths: 6,
      sessionTtlMs: 4 * 60 * 60 * 1000,
      sessionIdleMs: 15 * 60 * 1000,
    });
    expect(() => loadConfig({ ADMIN_SESSION_IDLE_MINUTES: "0" })).toThrow(/ADMIN_SESSION_IDLE_MINUTES/);
  });

  it("refuses a short password or key without echoing either", () => {
    let message = "";
    try {
      loadConfig({ ADMIN_PASSWORD: "hunter2", ADMIN_SESSION_SECRET: "tooshortkey", ADMIN_SIGNIN_MAX: "0" });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ["ADMIN_PASSWORD", "ADMIN_SESSION_SECRET", "ADMIN_SIGNIN_MAX"]) expect(message).toContain(name);
    expect(message).not.toContain("hunter2");
    expect(message).not.toContain("tooshortkey");
  });
});

describe("settings a careless operator could get wrong", () => {
  it("refuses TRUST_PROXY=true, which would let a client pick its own address, and says what to give instead", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY="true": .*number of proxies.*addresses/);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
  });

  it("refuses a plain-HTTP CRM webhook except on this machine", () => {
    const secret = { LEADS_WEBHOOK_SECRET: "s".repeat(16) };
    expect(() => loadConfig({ LEADS_WEBHOOK_URL: "http://crm.example.com/hook", ...secret })).toThrow(/LEADS_WEBHOOK_URL=.*https:/);
    expect(loadConfig({ LEADS_WEBHOOK_URL: "http://127.0.0.1:9000/hook", ...secret }).webhook?.url).toBe("http://127.0.0.1:9000/hook");
    expect(loadConfig({ LEADS_WEBHOOK_URL: "http://[::1]:9000/hook", ...secret }).webhook?.url).toBe("http://[::1]:9000/hook");
    expect(loadConfig({ LEADS_WEBHOOK_URL: "https://crm.example.com/hook", ...secret }).webhook?.url).toBe("https://crm.example.com/hook");
  });

  it("has connection timeouts a visitor on a slow phone never meets, and a per-address connection cap", () => {
    expect(loadConfig({}).connections).toEqual({ headersTimeoutMs: 15_000, requestTimeoutMs: 25_000, keepAliveTimeoutMs: 5_000, idleTimeoutMs: 30_000, perAddressMax: 100 });
    expect(
      loadConfig({ HTTP_HEADERS_TIMEOUT_MS: "1000", HTTP_REQUEST_TIMEOUT_MS: "2000", HTTP_KEEP_ALIVE_TIMEOUT_MS: "500", HTTP_IDLE_TIMEOUT_MS: "3000", CONNECTIONS_PER_ADDRESS_MAX: "0" }).connections,
    ).toEqual({ headersTimeoutMs: 1000, requestTimeoutMs: 2000, keepAliveTimeoutMs: 500, idleTimeoutMs: 3000, perAddressMax: 0 });
    // Node refuses a headers timeout longer than the whole request's.
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: "40000" })).toThrow(/HTTP_HEADERS_TIMEOUT_MS.*HTTP_REQUEST_TIMEOUT_MS/);
  });
});

describe("retention", () => {
  it("enforces the privacy policy's periods by default and reads the same variables the build does", () => {
    expect(loadConfig({}).retention).toEqual({ periods: retentionDefaults, intervalMs: 6 * 60 * 60 * 1000 });
    const env = { RETENTION_ENQUIRY_MONTHS: "12", RETENTION_UNCONFIRMED_SIGNUP_DAYS: "14", RETENTION_DELIVERY_DAYS: "7", RETENTION_ANALYTICS_MONTHS: "13", PURGE_INTERVAL_HOURS: "1" };
    expect(loadConfig(env).retention).toEqual({ periods: readBuildEnv(env).retention, intervalMs: 60 * 60 * 1000 });
    expect(loadConfig(env).retention.periods).toEqual({ enquiryMonths: 12, unconfirmedSignupDays: 14, deliveryDays: 7, analyticsMonths: 13, spamDays: 30 });
  });

  it("refuses a period that is not a whole number of at least 1, naming it", () => {
    expect(() => loadConfig({ RETENTION_DELIVERY_DAYS: "0" })).toThrow(/RETENTION_DELIVERY_DAYS="0": must be from 1 to 1200/);
    expect(() => loadConfig({ RETENTION_ENQUIRY_MONTHS: "1.5" })).toThrow(/RETENTION_ENQUIRY_MONTHS="1\.5": must be a whole number/);
  });
});

describe("the content editor's settings", () => {
  it("is off by default, and on it publishes from this checkout into DATA_DIR/site-releases as the site owner", () => {
    expect(loadConfig({}).content).toBeUndefined();
    const content = loadConfig({ CONTENT_EDITOR: "on", ADMIN_PASSWORD: "a-long-password", DATA_DIR: "/srv/data" }).content;
    expect(content).toMatchObject({ mode: "local", sourceDir: path.resolve("."), releasesDir: "/srv/data/site-releases", author: { name: "Site owner", email: "owner@localhost" }, push: false });
    expect(loadConfig({ CONTENT_EDITOR: "on", ADMIN_PASSWORD: "a-long-password", CONTENT_AUTHOR: "Jo Bloggs <jo@example.co.uk>", CONTENT_GIT_PUSH: "on" }).content).toMatchObject({
      author: { name: "Jo Bloggs", email: "jo@example.co.uk" },
      push: true,
    });
  });

  it("refuses an editor without the owner's sign-in, a GitHub mode without its repository, and a bad author", () => {
    expect(() => loadConfig({ CONTENT_EDITOR: "on" })).toThrow(/CONTENT_EDITOR: needs ADMIN_PASSWORD/);
    expect(() => loadConfig({ CONTENT_EDITOR: "github", ADMIN_PASSWORD: "a-long-password" })).toThrow(/CONTENT_GITHUB_REPO/);
    expect(() => loadConfig({ CONTENT_EDITOR: "maybe" })).toThrow(/CONTENT_EDITOR="maybe": must be "on", "off" or "github"/);
    expect(() => loadConfig({ CONTENT_EDITOR: "on", ADMIN_PASSWORD: "a-long-password", CONTENT_AUTHOR: "jo@example.co.uk" })).toThrow(/CONTENT_AUTHOR/);
    expect(loadConfig({ CONTENT_EDITOR: "github", ADMIN_PASSWORD: "a-long-password", CONTENT_GITHUB_REPO: "acme/site" }).content).toMatchObject({ mode: "github", githubRepo: "acme/site" });
  });
});

describe("the documented settings", () => {
  // The schema is the source; the table in docs/configuration.md and .env.example
  // are written for people, so this keeps the three from drifting apart.
  const root = path.resolve(import.meta.dirname, "..");
  const table = readFileSync(path.join(root, "docs/configuration.md"), "utf8");
  const rows = table.split("\n").filter((line) => line.startsWith("| `"));
  /** Each documented variable with the default cell of its row (two variables may share a row: "`A` / `B`"). */
  const documented = new Map<string, string>();
  for (const row of rows) {
    const [, names = "", defaults = ""] = row.split("|");
    const variables = [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!);
    const values = [...defaults.matchAll(/`([^`]*)`/g)].map((match) => match[1]!);
    variables.forEach((name, index) => documented.set(name, variables.length > 1 ? `\`${values[index] ?? ""}\`` : defaults.trim()));
  }
  const example = readFileSync(path.join(root, ".env.example"), "utf8");
  const exampleValues = new Map([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]));
  const schema = Object.keys(EnvSchema.entries).sort();

  it("docs/configuration.md's table lists exactly the schema's settings", () => {
    expect([...documented.keys()].sort()).toEqual(schema);
  });

  it(".env.example lists exactly the schema's settings", () => {
    expect([...exampleValues.keys()].sort()).toEqual(schema);
  });

  it("each default in the table and in .env.example is the schema's", () => {
    for (const name of schema) {
      const fallback = v.getDefault(EnvSchema.entries[name as keyof typeof EnvSchema.entries]) as string | undefined;
      if (fallback === undefined) continue;
      expect(documented.get(name), `${name} in docs/configuration.md`).toContain(fallback === "" ? "empty" : `\`${fallback}\``);
      const exampleValue = exampleValues.get(name);
      if (exampleValue) expect(exampleValue, `${name} in .env.example`).toBe(fallback);
    }
  });
});
