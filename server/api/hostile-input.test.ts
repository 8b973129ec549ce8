import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../contract/admin";
import { inputPolicyMessages } from "../../contract/input-policy";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { NEWSLETTER_CONFIRM_ENDPOINT, NEWSLETTER_UNSUBSCRIBE_ENDPOINT } from "../../contract/newsletter";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { startTestApp, type TestApp, signedInAs } from "../app.test-support";
import { editorConfig } from "../../editor/keystatic.config";
import { editorPaths, type EditorPaths } from "../editor/editor-paths";
import { holdsMarkup, hostileSave, updateUrls } from "../editor/hostile-uploads.test-support";
import { hostileRequest, PERSONAL_MARKER } from "./hostile-requests.test-support";

// Property-based: arbitrary bodies, headers, content types and encodings sent to
// every public endpoint, on both stores. Never a 5xx, nothing stored unless the
// request was accepted, and nothing typed into a request in the log. Then
// arbitrary saves to the content editor's file API: never a 5xx, nothing
// written on a refusal, and only the files its configuration defines otherwise.

const RUNS_PER_ENDPOINT = 150;
/** Arbitrary saves sent to the content editor's file API. */
const EDITOR_RUNS = 200;
const PASSWORD = "correct horse battery staple";
const endpoints = [CONTACT_ENDPOINT, NEWSLETTER_CONFIRM_ENDPOINT, NEWSLETTER_UNSUBSCRIBE_ENDPOINT, adminEndpoints.session] as const;

const stores = ["sqlite", ...(shouldRun("PostgreSQL", await postgresReachable()) ? (["postgres"] as const) : [])] as const;

describe.each(stores)("hostile requests on %s", (kind) => {
  let scratch: ScratchDatabase;
  let t: TestApp;
  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    t = await startTestApp({
      ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
      ADMIN_PASSWORD: PASSWORD,
      // Limits lifted: the fuzzing is about the answers, not the limits.
      RATE_LIMIT_MAX: "1000000",
      ADMIN_SIGNIN_MAX: "1000000",
      MIN_SUBMIT_MS: "0",
    });
  });
  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  const rows = async () => (await t.app.leads.listEnquiries()).length + (await t.app.leads.listSubscribers()).length;

  it("a NUL or a control character in a field is a 400 naming the field", async () => {
    for (const name of ["Ann\u0000Bob", "Ann\u0001", "Ann\r\nBob", "Ann\u202EboB"]) {
      const response = await t.app.inject({
        method: "POST",
        url: CONTACT_ENDPOINT,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ name, email: "ann@example.co.uk", salutation: "Freelancer" }).toString(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: { name: inputPolicyMessages.singleLine } });
    }
    expect(await rows()).toBe(0);
  });

  it("a multipart body cut off inside a file part is a 400, not a request left hanging", async () => {
    const boundary = "----cut-boundary";
    const payload = [`--${boundary}`, 'Content-Disposition: form-data; name="name"', "", "Ann", `--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="a.txt"', "Content-Type: text/plain", "", "half a fil"].join("\r\n");
    const answer = t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, payload });
    const response = await Promise.race([answer, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no answer within 5 s")), 5000))]);
    expect(response.statusCode).toBe(400);
    expect(await rows()).toBe(0);
  });

  it.each(endpoints)("%s: never a 5xx, nothing stored on refusal, nothing personal logged", async (url) => {
    await fc.assert(
      fc.asyncProperty(hostileRequest(url), async (request) => {
        const before = await rows();
        const logsBefore = t.logs.length;
        // A request left without an answer fails at once, naming itself, rather than timing the test out.
        const response = await Promise.race([
          t.app.inject(request as InjectOptions),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within 5 s to ${JSON.stringify(request).slice(0, 600)}`)), 5000)),
        ]);
        expect(response.statusCode, `${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
        const accepted = response.statusCode < 400;
        if (!accepted) expect(await rows()).toBe(before);
        const written = t.logs.slice(logsBefore).join("\n");
        expect(written).not.toContain(PERSONAL_MARKER);
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
  }, 60_000);
});

describe("the content editor's API under arbitrary saves", () => {
  let t: TestApp;
  let work: string;
  let source: string;
  let allowed: EditorPaths;
  let pictures: { png: Buffer; html: Buffer };
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "editor-fuzz-"));
    source = path.join(work, "source");
    await mkdir(path.join(source, "content", "home"), { recursive: true });
    await writeFile(path.join(source, "content", "home", "hero.yaml"), "headline: First\n");
    t = await startTestApp({ ADMIN_PASSWORD: PASSWORD, ADMIN_SIGNIN_MAX: "1000000", CONTENT_EDITOR: "on", SITE_SOURCE_DIR: source, ANALYTICS: "off" });
    allowed = editorPaths(editorConfig());
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#123c8c" } }).png().toBuffer();
    pictures = { png, html: Buffer.from("<!DOCTYPE html><script>alert(document.cookie)</script>") };
  });
  afterAll(async () => {
    await t?.close();
    await rm(work, { recursive: true, force: true });
  });

  /** Every file in the checkout (its history aside) and a hash of its bytes. */
  async function files(): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    for (const entry of await readdir(work, { withFileTypes: true, recursive: true })) {
      const full = path.join(entry.parentPath, entry.name);
      if (entry.isFile() && !path.relative(source, full).split(path.sep).includes(".git")) found.set(path.relative(source, full), await readFile(full));
    }
    return found;
  }

  it("never a 5xx; a refused save writes nothing; an accepted one writes only configured files, pictures as pictures", async () => {
    const cookie = (await signedInAs(t.app, "owner")).cookie;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(hostileSave(pictures), updateUrls, async (save, url) => {
        const before = await files();
        const response = await t.app.inject({
          method: "POST",
          url,
          headers: { cookie, "no-cors": "1", "content-type": "application/json" },
          payload: JSON.stringify({ additions: save.additions.map((item) => ({ path: item.path, contents: item.contents.toString("base64url") })), deletions: save.deletions }),
        });
        expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
        const after = await files();
        if (response.statusCode !== 200) {
          expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
          for (const [file, bytes] of after) expect(bytes.equals(before.get(file)!), file).toBe(true);
          return;
        }
        accepted += 1;
        for (const { path: filepath } of [...save.additions, ...save.deletions]) expect(allowed.check(filepath).ok, filepath).toBe(true);
        for (const [file, bytes] of after) {
          if (before.get(file)?.equals(bytes)) continue;
          expect(allowed.check(file.split(path.sep).join("/")).ok, file).toBe(true);
          if (file.startsWith(`public${path.sep}`)) expect(holdsMarkup(bytes), file).toBe(false);
        }
      }),
      { numRuns: EDITOR_RUNS },
    );
    // The generator reaches the configured files too, so acceptance is tested, not only refusal.
    expect(accepted).toBeGreaterThan(0);
  }, 120_000);
});
