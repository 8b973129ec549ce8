import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { notFoundPages } from "../contract/paths";
import { buildApp } from "./app";
import { loadConfig, type Config } from "./config";

// Shared by the server's tests: a throwaway site and data folder, an app built
// from environment-style settings, and captured log lines.

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  logs: string[];
  close(): Promise<void>;
}

/** Writes the smallest site the server starts with: a home page and every not-found page it serves. */
export async function makeSite(dir: string) {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "index.html"), "<!DOCTYPE html><title>Home</title><h1>Home</h1>");
  for (const { page } of notFoundPages) {
    await mkdir(path.join(dir, page), { recursive: true });
    await writeFile(path.join(dir, page, "index.html"), `<!DOCTYPE html><title>Not found</title><h1>Not found: ${page}</h1>`);
  }
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const root = await mkdtemp(path.join(tmpdir(), "leads-test-"));
  const siteDir = path.join(root, "site");
  await makeSite(siteDir);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const config = loadConfig({
    SITE_DIR: siteDir,
    DATA_DIR: path.join(root, "data"),
    LOG_LEVEL: "info",
    // Limits lifted unless a test sets its own: only the rate-limit tests want them low.
    RATE_LIMIT_MAX: "1000",
    MIN_SUBMIT_MS: "2000",
    // Tests post as scripts (no proof of work, no browser headers): only the spam tests hold suspected spam.
    SPAM_FILTER: "off",
    ...env,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logStream });
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    config,
    logs,
    async close() {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
