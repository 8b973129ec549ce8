// The environment the build reads, read here once and checked: Vite writes the
// values into the site's code (astro.config.ts, and vitest.config.ts for the
// unit tests), and site-files.ts writes the sitemap and robots.txt with the same
// site address. A bad value stops the build, naming the variable. The retention
// periods (RETENTION_*, contract/retention.ts) are read with the server's own
// function, so the privacy policy the build writes states what the purge enforces.

import { readRetention, type RetentionPeriods } from "../../contract/retention.ts";

/** The site's address when PUBLIC_SITE_URL is not set: the server's own default on this machine. */
export const DEFAULT_SITE_URL = "http://localhost:3000";

export interface BuildEnv {
  /** PUBLIC_SITE_URL, an origin without a trailing slash: canonical, Open Graph, structured-data, sitemap and robots.txt URLs. */
  siteUrl: string;
  /** PUBLIC_API_BASE without a trailing slash, where both forms post; empty means this site's own origin. */
  apiBase: string;
  /** The retention periods the privacy policy states (RETENTION_*, defaults from contract/retention.ts). */
  retention: RetentionPeriods;
}

export class BuildEnvError extends Error {
  override name = "BuildEnvError";
}

const httpUrl = (value: string): URL | undefined => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
};

/** Reads and checks the build's environment; throws one BuildEnvError naming every bad variable. */
export function readBuildEnv(env: Readonly<Record<string, string | undefined>> = process.env): BuildEnv {
  const problems: string[] = [];
  const rawSiteUrl = env.PUBLIC_SITE_URL || DEFAULT_SITE_URL;
  const site = httpUrl(rawSiteUrl);
  // The site is served from the root of its origin, so a path, query or fragment would be dropped from every URL.
  if (!site || site.pathname !== "/" || site.search || site.hash || site.username || site.password) {
    problems.push(`PUBLIC_SITE_URL="${rawSiteUrl}": must be the site's origin, such as https://www.example.co.uk`);
  }
  const rawApiBase = env.PUBLIC_API_BASE ?? "";
  const api = rawApiBase ? httpUrl(rawApiBase) : undefined;
  if (rawApiBase && (!api || api.search || api.hash)) {
    problems.push(`PUBLIC_API_BASE="${rawApiBase}": must be empty (this site) or an absolute http(s) URL, such as https://crm.example.co.uk`);
  }
  const retention = readRetention(env);
  problems.push(...retention.problems);
  if (problems.length > 0) throw new BuildEnvError(`Invalid build environment:\n  ${problems.join("\n  ")}`);
  return { siteUrl: site!.origin, apiBase: api ? api.href.replace(/\/+$/, "") : "", retention: retention.periods };
}

/** Vite's `define` for the site's code: the checked values, in place of import.meta.env's raw ones. */
export function buildEnvDefines(env: BuildEnv = readBuildEnv()): Record<string, string> {
  return {
    "import.meta.env.PUBLIC_SITE_URL": JSON.stringify(env.siteUrl),
    "import.meta.env.PUBLIC_API_BASE": JSON.stringify(env.apiBase),
    // As JSON text: Vitest keeps import.meta.env's values as strings, as an environment does.
    "import.meta.env.RETENTION": JSON.stringify(JSON.stringify(env.retention)),
  };
}
