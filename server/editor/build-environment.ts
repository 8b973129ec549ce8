import { retentionEnv } from "../../contract/retention";

// The environment a site build runs with: only what the build reads, so
// neither a build step nor a package it loads can read the server's secrets
// (ADMIN_PASSWORD, SMTP_URL, the webhook's secret, the database's and Redis's
// addresses, an npm token). What the build reads is in scripts/build/build-env.ts
// (the site's address, its API's, the retention periods the privacy policy
// states), astro.config.ts and site-files.ts (SITE_BUILD_DIR, and
// SITE_GIT_DIR and SITE_GIT_REVISION for the sitemap's dates); the rest is
// what node, npm and git need to run at all.

/** The variables passed on from the server's environment when they are set. */
export const BUILD_ENV_NAMES: readonly string[] = [
  // To run node, npm and git: where programs are, npm's and git's own settings, temporary files, text encoding and dates.
  "PATH",
  "HOME",
  "TMPDIR",
  "LANG",
  "LC_ALL",
  "TZ",
  // An operator's memory limit for node. NODE_ENV is left out: the build sets "production" itself.
  "NODE_OPTIONS",
  "PUBLIC_SITE_URL",
  "PUBLIC_API_BASE",
  ...Object.values(retentionEnv),
];

/** The build's environment: the names above taken from `env`, then `extra` (the build folder, the commit being built). */
export function buildEnvironment(env: NodeJS.ProcessEnv, extra: Record<string, string> = {}): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const name of BUILD_ENV_NAMES) {
    const value = env[name];
    if (value !== undefined) passed[name] = value;
  }
  return { ...passed, ...extra };
}
