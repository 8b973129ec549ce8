import { readRetention, type RetentionPeriods } from "../../contract/retention.ts";

/**
 * The retention periods the site states: written in by the build from the
 * same RETENTION_* variables the server's purge reads (scripts/build/build-env.ts).
 * Outside Vite (the browser tests import the content to compare against the
 * page) import.meta.env does not exist: they read the environment the same way.
 */
export const statedRetention: RetentionPeriods =
  typeof import.meta.env === "object" ? (JSON.parse(import.meta.env.RETENTION) as RetentionPeriods) : readRetention(globalThis.process?.env ?? {}).periods;
