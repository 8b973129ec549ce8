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

const EnvSchema = v.object({
  PORT: port,
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), "0.0.0.0"),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), "./data"),
  PUBLIC_SITE_URL: v.optional(url, "http://localhost:3000"),
  /** Where the pre-rendered site is; tests point it at their own build. */
  SITE_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), "./build/client"),
  LOG_LEVEL: v.optional(v.picklist(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  /** PEM certificate and key paths: both set serves HTTPS directly (no proxy in front). */
  TLS_CERT: v.optional(v.pipe(v.string(), v.minLength(1))),
  TLS_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
});

export type Env = v.InferInput<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicSiteUrl: URL;
  siteDir: string;
  logLevel: string;
  /** Serve HTTPS with this certificate and key (paths), when both are set. */
  tls?: { certPath: string; keyPath: string };
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
      return `  ${key}=${JSON.stringify(present[key] ?? "")}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const out = result.output;
  if ((out.TLS_CERT === undefined) !== (out.TLS_KEY === undefined)) {
    const missing = out.TLS_CERT === undefined ? "TLS_CERT" : "TLS_KEY";
    throw new ConfigError(`Invalid configuration:\n  ${missing}="": must be set together with ${missing === "TLS_CERT" ? "TLS_KEY" : "TLS_CERT"}`);
  }
  return {
    port: out.PORT,
    host: out.HOST,
    dataDir: path.resolve(out.DATA_DIR),
    publicSiteUrl: new URL(out.PUBLIC_SITE_URL),
    siteDir: path.resolve(out.SITE_DIR),
    logLevel: out.LOG_LEVEL,
    tls: out.TLS_CERT && out.TLS_KEY ? { certPath: path.resolve(out.TLS_CERT), keyPath: path.resolve(out.TLS_KEY) } : undefined,
  };
}
