import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminEndpoints } from "../../contract/admin";
import { EDITOR_API, EDITOR_PATH } from "../../contract/content-editor";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { makeSite } from "../app.test-support";

// Before sign-in, nothing of the owner's area reads more than a few KB of a
// request: a stranger's upload-sized body is refused after at most that much
// (413), or before a byte of it, whatever the route (GitHub's sign-in routes,
// which skip the owner's session, included). Each body here stops after 64 KiB
// and never ends, so a route that would read on never answers.

const PASSWORD = "before-sign-in-test-password";
/** A stranger's body: more than any of these routes may read, and never finished. */
const SENT_BYTES = 64 * 1024;
/** Long enough for any answer that does not wait for the rest of the body. */
const ANSWER_WITHIN_MS = 2000;

let root: string;
const apps: FastifyInstance[] = [];

/**
 * A body that stops after `SENT_BYTES` (1 KiB chunks, no length declared) and never ends:
 * a route that waits to read it all never answers.
 */
function stalledBody() {
  const chunk = Buffer.alloc(1024, "a");
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= SENT_BYTES) return;
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

async function editorApp(mode: "on" | "github"): Promise<FastifyInstance> {
  const dir = await mkdtemp(path.join(root, `${mode}-`));
  await makeSite(path.join(dir, "site"));
  const app = await buildApp(
    loadConfig({
      SITE_DIR: path.join(dir, "site"),
      DATA_DIR: path.join(dir, "data"),
      LOG_LEVEL: "silent",
      ADMIN_PASSWORD: PASSWORD,
      CONTENT_EDITOR: mode,
      SITE_SOURCE_DIR: dir,
      ANALYTICS: "off",
      ...(mode === "github" ? { CONTENT_GITHUB_REPO: "acme/site" } : {}),
    }),
  );
  apps.push(app);
  return app;
}

/** The answer to a request with a stalled body, or "read on" when the server waited for more of it. */
async function send(app: FastifyInstance, request: Omit<InjectOptions, "payload">): Promise<number | "read on"> {
  const body = stalledBody();
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<"read on">((resolve) => (timer = setTimeout(() => resolve("read on"), ANSWER_WITHIN_MS)));
  try {
    return await Promise.race([app.inject({ ...request, payload: body }).then((response) => response.statusCode), waited]);
  } finally {
    clearTimeout(timer);
    body.destroy();
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "before-sign-in-"));
  // Keystatic's GitHub mode reads its App's settings from the environment.
  vi.stubEnv("KEYSTATIC_GITHUB_CLIENT_ID", "test-client-id");
  vi.stubEnv("KEYSTATIC_GITHUB_CLIENT_SECRET", "test-client-secret");
  vi.stubEnv("KEYSTATIC_SECRET", "test-secret-".repeat(4));
});

afterAll(async () => {
  for (const app of apps) await app.close();
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

describe("before sign-in, the owner's routes read at most a few KB", () => {
  it("GitHub mode's sign-in routes, which skip the owner's session", async () => {
    const app = await editorApp("github");
    for (const [url, type] of [
      [`${EDITOR_API}/github/refresh-token`, "application/json"],
      [`${EDITOR_API}/github/no-such-route`, "application/json"],
      [`${EDITOR_API}/github/login`, "text/plain"],
    ] as const) {
      expect(await send(app, { method: "POST", url, headers: { "content-type": type } }), url).toBe(413);
    }
    // A body declared too big is refused before any of it is read.
    const declared = await send(app, { method: "POST", url: `${EDITOR_API}/github/refresh-token`, headers: { "content-type": "application/json", "content-length": String(25 * 1024 * 1024) } });
    expect(declared).toBe(413);
    // The routes still work: a refresh without a token is GitHub's "Authorization failed", not a refusal of the request.
    expect((await app.inject({ method: "POST", url: `${EDITOR_API}/github/refresh-token` })).statusCode).toBe(401);
  });

  it("the sign-in, the sign-out, the editor's API and pages, and addresses no route takes", async () => {
    const app = await editorApp("on");
    const json = { "content-type": "application/json" };
    for (const [method, url, expected] of [
      ["POST", adminEndpoints.session, 413],
      ["DELETE", adminEndpoints.session, 413],
      ["POST", `${EDITOR_API}/update`, 401],
      ["POST", `${EDITOR_API}/github/refresh-token`, 401],
      ["POST", EDITOR_PATH, 413],
      ["POST", `${EDITOR_PATH}/singleton/homeHero`, 413],
      ["PUT", "/admin/preview/", 413],
      ["POST", "/no-such-address", 413],
    ] as const) {
      expect(await send(app, { method, url, headers: json }), `${method} ${url}`).toBe(expected);
    }
  });
});
