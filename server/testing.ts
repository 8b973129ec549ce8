import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
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

/** A minimal pre-rendered site: the server refuses to start without a not-found page. */
async function makeSite(dir: string) {
  await mkdir(path.join(dir, "404"), { recursive: true });
  await mkdir(path.join(dir, "services", "404"), { recursive: true });
  await writeFile(path.join(dir, "index.html"), "<!DOCTYPE html><title>Home</title><h1>Home</h1>");
  await writeFile(path.join(dir, "404", "index.html"), "<!DOCTYPE html><title>Oops</title><h1>Oops</h1>");
  await writeFile(path.join(dir, "services", "404", "index.html"), "<!DOCTYPE html><title>Category not found</title><h1>Category not found</h1>");
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
