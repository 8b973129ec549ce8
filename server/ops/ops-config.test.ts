import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";

// The operations settings: off by default, refused when they cannot work.

describe("operations settings", () => {
  it("leaves metrics and scheduled backups off by default", () => {
    const config = loadConfig({});
    expect(config.metrics).toEqual({ token: undefined, port: undefined });
    expect(config.backup).toBeUndefined();
  });

  it("reads the backup schedule, with a daily default keeping seven", () => {
    expect(loadConfig({ BACKUP_DIR: "/var/backups/site" }).backup).toEqual({ dir: "/var/backups/site", intervalMs: 86_400_000, keep: 7 });
    expect(loadConfig({ BACKUP_DIR: "b", BACKUP_INTERVAL_MS: "3600000", BACKUP_KEEP: "24" }).backup).toMatchObject({ intervalMs: 3_600_000, keep: 24 });
  });

  it("refuses scheduled backups of PostgreSQL, pointing at pg_dump", () => {
    expect(() => loadConfig({ BACKUP_DIR: "b", DATABASE_URL: "postgres://u@h/db" })).toThrow(/pg_dump/);
  });

  it("refuses a too-short metrics token without printing it", () => {
    let error: unknown;
    try {
      loadConfig({ METRICS_TOKEN: "short-secret" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain("METRICS_TOKEN");
    expect((error as Error).message).not.toContain("short-secret");
  });

  it("refuses a backup interval under a minute", () => {
    expect(() => loadConfig({ BACKUP_DIR: "b", BACKUP_INTERVAL_MS: "1000" })).toThrow(/BACKUP_INTERVAL_MS/);
  });
});
