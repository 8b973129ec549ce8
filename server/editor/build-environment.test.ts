import { describe, expect, it } from "vitest";
import { buildEnvironment } from "./build-environment";

// A site build gets what it reads and what node, npm and git need; never a
// secret of the server's.

describe("the build's environment", () => {
  it("passes what the build reads and leaves every secret out", () => {
    const server = {
      PATH: "/usr/bin",
      HOME: "/home/site",
      PUBLIC_SITE_URL: "https://www.example.co.uk",
      PUBLIC_API_BASE: "https://api.example.co.uk",
      RETENTION_ENQUIRY_MONTHS: "12",
      NODE_OPTIONS: "--max-old-space-size=2048",
      NODE_ENV: "development",
      ADMIN_PASSWORD: "owner-password-123",
      ADMIN_SESSION_SECRET: "s".repeat(32),
      SMTP_URL: "smtp://user:secret@mail.example.co.uk",
      LEADS_WEBHOOK_SECRET: "webhook-secret-0123456789",
      DATABASE_URL: "postgres://user:secret@db/site",
      REDIS_URL: "redis://:secret@cache",
      METRICS_TOKEN: "metrics-token-0123456789",
      KEYSTATIC_GITHUB_CLIENT_SECRET: "github-secret",
      npm_config__authToken: "npm-token",
    };
    expect(buildEnvironment(server, { SITE_BUILD_DIR: "/releases/build-1/build" })).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/site",
      PUBLIC_SITE_URL: "https://www.example.co.uk",
      PUBLIC_API_BASE: "https://api.example.co.uk",
      RETENTION_ENQUIRY_MONTHS: "12",
      NODE_OPTIONS: "--max-old-space-size=2048",
      SITE_BUILD_DIR: "/releases/build-1/build",
    });
  });
});
