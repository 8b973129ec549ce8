import { readRetention, type RetentionPeriods } from "../../contract/retention.ts";

/**
 * The retention periods the site states: written in by the build from the
 * same RETENTION_* variables the server's purge reads (scripts/build/build-env.ts).
 * Where it is not written in (the browser tests import the content to compare
 * against the page; Astro's config loader has an import.meta.env of its own)
 * they read the environment the same way.
 */
export const statedRetention: RetentionPeriods =
  typeof import.meta.env === "object" && typeof import.meta.env.RETENTION === "string"
    ? (JSON.parse(import.meta.env.RETENTION) as RetentionPeriods)
    : readRetention(globalThis.process?.env ?? {}).periods;
