import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, cp, link, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import type { OwnerActionEntry } from "../../contract/admin";
import { contentEndpoints } from "../../contract/content-editor";
import { uploadVariant } from "../../contract/uploads";
import { UPLOADS_DIRECTORY } from "../../editor/keystatic.config";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { makeSite, signedInAs } from "../app.test-support";
import { holdsMarkup, hostileUploads } from "./hostile-uploads.test-support";

// The editor's file API on a real server: it writes exactly the files its
// configuration defines, each content file only when it fits its schema,
// pictures only as re-encoded pictures, and refuses everything else with a
// 400 that says why, with nothing written. Every save, preview and publish is
// a row of the audit trail.

const PASSWORD = "editor-api-test-password";
// A stand-in for `npm run build` (the pages the server needs, fast), copied into the checkout.
const standInBuild = path.join(import.meta.dirname, "stand-in-build.test-support.ts");

let root: string;
let source: string;
let app: FastifyInstance;
let cookie: string;

const save = (additions: { path: string; contents: Buffer }[], deletions: { path: string }[] = []) =>
  app.inject({
    method: "POST",
    url: "/api/keystatic/update",
    headers: { cookie, "no-cors": "1", "content-type": "application/json" },
    payload: JSON.stringify({ additions: additions.map((item) => ({ path: item.path, contents: item.contents.toString("base64url") })), deletions }),
  });

/** Every file under the checkout and every file the server could reach around it, with a hash of its bytes. */
async function snapshot(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || full.includes(`${path.sep}.git${path.sep}`) || full.includes(`${path.sep}data${path.sep}`)) continue;
    files.set(path.relative(root, full), createHash("sha256").update(await readFile(full)).digest("hex"));
  }
  return files;
}

const heroFile = path.join(import.meta.dirname, "../../content/home/hero.yaml");
/** The home hero as Keystatic writes it (its own YAML, no comments), with `change` made to its data. */
async function hero(change: (data: { headline: string; actions: { href: string }[] }) => void): Promise<Buffer> {
  const data = parse(await readFile(heroFile, "utf8"));
  change(data);
  return Buffer.from(stringify(data));
}

// Read from the store: the editor's role does not hold the activity view.
const trail = async (): Promise<OwnerActionEntry[]> => (await app.audit.list({ page: 1, pageSize: 100 })).items;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "editor-api-"));
  source = path.join(root, "source");
  // The repository's own content: a save is checked against the schemas as the build checks it.
  await cp(path.join(import.meta.dirname, "../../content"), path.join(source, "content"), { recursive: true });
  await copyFile(standInBuild, path.join(source, "build.ts"));
  await writeFile(path.join(source, "package.json"), JSON.stringify({ private: true, type: "module", scripts: { build: "node build.ts" } }));
  // What a save cut short by a stop leaves: the start removes it.
  await writeFile(path.join(source, "content/home/.hero.yaml.0123456789ab.saving"), "headline: Half");
  const site = path.join(root, "site");
  await makeSite(site);
  app = await buildApp(
    loadConfig({ SITE_DIR: site, DATA_DIR: path.join(root, "data"), LOG_LEVEL: "silent", ADMIN_PASSWORD: PASSWORD, CONTENT_EDITOR: "on", SITE_SOURCE_DIR: source, ANALYTICS: "off" }),
  );
  cookie = (await signedInAs(app, "editor")).cookie;
});

afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
});

describe("the editor's file API", () => {
  it("writes the files its configuration defines: a singleton, a collection entry, an uploaded picture with its sizes", async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#123c8c" } }).withExif({ IFD0: { Copyright: "Ann Lee, 1 High Street" } }).jpeg().toBuffer();
    const avatar = `${UPLOADS_DIRECTORY}/items/0/avatar.jpg`;
    const tender = { order: 9, icon: "building", title: "NHS framework", text: "Estates work.", value: "£2m", client: "NHS trust", scope: "Four hospitals" };
    const response = await save([
      { path: "content/home/hero.yaml", contents: await hero((data) => void (data.headline = "Second")) },
      { path: "content/tenders/nhs-framework.yaml", contents: Buffer.from(stringify(tender)) },
      { path: avatar, contents: photo },
    ]);
    expect(response.statusCode).toBe(200);
    expect(parse(await readFile(path.join(source, "content/home/hero.yaml"), "utf8")).headline).toBe("Second");
    expect(existsSync(path.join(source, "content/tenders/nhs-framework.yaml"))).toBe(true);
    // Stored re-encoded: the same picture, without its metadata.
    const stored = await sharp(path.join(source, avatar)).metadata();
    expect([stored.format, stored.width, stored.height, stored.exif]).toEqual(["jpeg", 300, 200, undefined]);
    for (const width of [48, 96, 640] as const) {
      for (const format of ["avif", "webp"] as const) expect(existsSync(path.join(source, uploadVariant(avatar, width, format))), `${width} ${format}`).toBe(true);
    }
  });

  it("refuses every hostile save with a 400 naming the path and why, and writes nothing; a sound picture in a polyglot is stored without the rest", async () => {
    for (const upload of await hostileUploads()) {
      const before = await snapshot();
      const response = await save([upload]);
      if (upload.mayStore) {
        expect(response.statusCode, upload.name).toBe(200);
        const stored = await readFile(path.join(source, upload.path));
        expect(holdsMarkup(stored), upload.name).toBe(false);
        expect((await sharp(stored).metadata()).exif, upload.name).toBeUndefined();
        continue;
      }
      expect(response.statusCode, upload.name).toBe(400);
      expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(response.body, upload.name).toMatch(/^Not saved: ".*": .+\.$/);
      expect(await snapshot(), upload.name).toEqual(before);
    }
    expect(existsSync("/tmp/editor-escape.png")).toBe(false);
  });

  it("refuses a whole save when one of its files is refused", async () => {
    const before = await snapshot();
    const response = await save([
      { path: "content/home/hero.yaml", contents: await hero((data) => void (data.headline = "Third")) },
      { path: "content/tenders/zz/.git/config", contents: Buffer.from("[core]\n") },
    ]);
    expect(response.statusCode).toBe(400);
    // Keystatic's UI shows the answer's text to the owner as it is.
    expect(response.body).toBe('Not saved: "content/tenders/zz/.git/config": a folder or file name starts with a dot.');
    expect(await snapshot()).toEqual(before);
    // Deleting is writing too.
    expect((await save([], [{ path: "package.json" }])).statusCode).toBe(400);
    expect(existsSync(path.join(source, "package.json"))).toBe(true);
  });

  it("refuses a content file that does not fit its schema, naming the file, the field and why, and writes nothing", async () => {
    const cases: [string, Buffer, string][] = [
      [
        "content/home/hero.yaml",
        await hero((data) => void (data.actions[0]!.href = "/no-such-page")),
        'Not saved: content/home/hero.yaml does not fit its schema:\n  actions.0.href: "/no-such-page" is neither one of the site\'s paths (contract/paths.ts) nor an https:// address',
      ],
      ["content/home/hero.yaml", await hero((data) => void (data.headline = "  ")), "Not saved: content/home/hero.yaml does not fit its schema:\n  headline: must not be empty"],
      ["content/tenders/roof.yaml", Buffer.from("title: Roof\n"), "Not saved: content/tenders/roof.yaml does not fit its schema:\n  order: required, but missing"],
      ["content/home/hero.yaml", Buffer.from("headline: [unclosed\n"), "Not saved: content/home/hero.yaml: not valid YAML"],
      [
        "content/legal/cookie-policy.md",
        Buffer.from((await readFile(path.join(source, "content/legal/cookie-policy.md"), "utf8")).replace("## Cookies and local storage", "### Cookies")),
        "Not saved: content/legal/cookie-policy.md: line 9: headings are ## (a section); found ###",
      ],
    ];
    for (const [file, contents, message] of cases) {
      const before = await snapshot();
      const response = await save([{ path: file, contents }]);
      expect(response.statusCode, message).toBe(400);
      expect(response.body).toContain(message);
      expect(await snapshot(), message).toEqual(before);
    }
  });

  it("refuses a deletion the build needs, naming the file that needs it, and writes nothing", async () => {
    // The site's own code reads entries from Astro's content layer, each named in its call: a route file its page's words,
    // a module the categories' entries, the layout's module the shell's, a route file a file at the top of content/ (a collection of one entry).
    const page = "app/pages/services/index.astro";
    const reader = "app/data/service-categories.ts";
    const shell = "app/data/shell-entries.ts";
    const route = "app/pages/about.astro";
    for (const file of [page, reader, shell, route]) {
      await mkdir(path.join(source, path.dirname(file)), { recursive: true });
      await copyFile(path.join(import.meta.dirname, "../..", file), path.join(source, file));
    }
    try {
      const cases: [string, string][] = [
        ["content/pages/services.yaml", `Not saved: content/pages/services.yaml cannot be deleted: ${page} reads it, and the site is not built without it.`],
        ["content/services/payroll.yaml", `Not saved: content/services/payroll.yaml cannot be deleted: ${reader} reads it, and the site is not built without it.`],
        ["content/site/layout.yaml", `Not saved: content/site/layout.yaml cannot be deleted: ${shell} reads it, and the site is not built without it.`],
        ["content/about.md", `Not saved: content/about.md cannot be deleted: ${route} reads it, and the site is not built without it.`],
        // No code reads statistics.yaml in this checkout, but the editorials state its figures.
        ["content/statistics.yaml", "Not saved: content/statistics.yaml cannot be deleted: content/meta/spotlight-agencies.yaml needs it, and the site is not built without it."],
      ];
      for (const [file, message] of cases) {
        const before = await snapshot();
        const response = await save([], [{ path: file }]);
        expect([response.statusCode, response.body], file).toEqual([400, message]);
        expect(await snapshot(), file).toEqual(before);
      }
      // An entry of a list nothing names by itself goes.
      const tender = "content/tenders/school-refurbishments.yaml";
      const contents = await readFile(path.join(source, tender));
      expect((await save([], [{ path: tender }])).statusCode).toBe(200);
      expect(existsSync(path.join(source, tender))).toBe(false);
      expect((await save([{ path: tender, contents }])).statusCode).toBe(200);
    } finally {
      await rm(path.join(source, "app"), { recursive: true, force: true });
    }
  });

  it("writes a content file as the build reads it: optional fields left empty are left out, the file's comments kept", async () => {
    const file = path.join(source, "content/testimonials/home.yaml");
    const before = await readFile(file, "utf8");
    const data = parse(before) as { items: Record<string, unknown>[] };
    data.items[0]!.quote = "Saved through the editor.";
    // What Keystatic writes for a field left empty: an optional text absent, an optional list empty.
    const fromEditor = stringify({ ...data, items: data.items.map((item) => ({ ...item, role: undefined })) }).replace("author: Sarah", "author: Sarah\n    details: []");
    expect((await save([{ path: "content/testimonials/home.yaml", contents: Buffer.from(fromEditor) }])).statusCode).toBe(400);

    const service = path.join(source, "content/services/payroll.yaml");
    const serviceData = parse(await readFile(service, "utf8")) as Record<string, unknown>;
    const response = await save([
      { path: "content/testimonials/home.yaml", contents: Buffer.from(stringify(data)) },
      { path: "content/services/payroll.yaml", contents: Buffer.from(stringify({ ...serviceData, hero: {}, support: { items: [] } })) },
    ]);
    expect(response.statusCode).toBe(200);
    const written = await readFile(file, "utf8");
    // Only the changed value changed (now on one line): the comment above it all and every other value's layout stay.
    expect(written).toBe(before.replace(/>-\n\s+I was introduced[^]*?take-home pay\./, "Saved through the editor."));
    expect(parse(await readFile(service, "utf8"))).toEqual(serviceData);
  });

  it("replaces a saved file whole, never rewriting it in place, and answers with the tree as Keystatic does", async () => {
    const file = path.join(source, "content/home/hero.yaml");
    // A second name for the file as it was: a file rewritten in place would change under it too (and a kill mid-write would cut it short).
    const held = path.join(root, "hero-as-it-was.yaml");
    await link(file, held);
    const before = await readFile(held, "utf8");
    const response = await save([{ path: "content/home/hero.yaml", contents: await hero((data) => void (data.headline = "Replaced whole")) }]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expect.arrayContaining([expect.objectContaining({ path: "content/home/hero.yaml" })]));
    expect(parse(await readFile(file, "utf8")).headline).toBe("Replaced whole");
    expect(await readFile(held, "utf8")).toBe(before);
    // No temporary file is left beside it, nor the one a stop had left before the start.
    expect((await readdir(path.join(source, "content/home"))).filter((name) => name.startsWith("."))).toEqual([]);
    await rm(held);
  });

  it("refuses to read or write through a symbolic link, naming it, and changes nothing outside", async () => {
    const outside = path.join(root, "outside");
    await mkdir(outside, { recursive: true });
    const target = path.join(outside, "tender.yaml");
    const tender = stringify({ order: 8, icon: "building", title: "Linked", text: "Out.", value: "£1m", client: "Someone", scope: "All" });
    await writeFile(target, tender);
    const linkedFile = path.join(source, "content/tenders/linked.yaml");
    const linkedFolder = path.join(source, UPLOADS_DIRECTORY, "linked");
    await mkdir(path.join(source, UPLOADS_DIRECTORY), { recursive: true });
    await symlink(target, linkedFile);
    await symlink(outside, linkedFolder);
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#123c8c" } }).jpeg().toBuffer();
    const never = "is a symbolic link, which the editor never follows.";
    try {
      const cases: [{ path: string; contents: Buffer }[], { path: string }[], string][] = [
        [[{ path: "content/tenders/linked.yaml", contents: Buffer.from(tender.replace("Linked", "Changed")) }], [], `Not saved: "content/tenders/linked.yaml": content/tenders/linked.yaml ${never}`],
        [[{ path: `${UPLOADS_DIRECTORY}/linked/face.jpg`, contents: photo }], [], `Not saved: "${UPLOADS_DIRECTORY}/linked/face.jpg": ${UPLOADS_DIRECTORY}/linked ${never}`],
        [[], [{ path: "content/tenders/linked.yaml" }], `Not saved: "content/tenders/linked.yaml": content/tenders/linked.yaml ${never}`],
      ];
      for (const [additions, deletions, message] of cases) {
        const before = await snapshot();
        const response = await save(additions, deletions);
        expect(response.statusCode, message).toBe(400);
        expect(response.body).toBe(message);
        expect(await snapshot(), message).toEqual(before);
      }
      expect(await readdir(outside)).toEqual(["tender.yaml"]);
      expect(await readFile(target, "utf8")).toBe(tender);
      const sha = createHash("sha1").update(`blob ${Buffer.byteLength(tender)}\0`).update(tender).digest("hex");
      const read = await app.inject({ url: `/api/keystatic/blob/${sha}/content/tenders/linked.yaml`, headers: { cookie, "no-cors": "1" } });
      expect(read.statusCode).toBe(400);
      expect(read.body).toBe(`Not read: "content/tenders/linked.yaml": content/tenders/linked.yaml ${never}`);
    } finally {
      await rm(linkedFile);
      await rm(linkedFolder);
    }
  });

  it("checks a save however its address is spelled: Keystatic reads them all as `update`", async () => {
    const hostile = { path: "content/tenders/zz/.git/config", contents: Buffer.from("[core]\n").toString("base64url") };
    for (const url of ["/api/keystatic/update/", "/api/keystatic//update", "/api/keystatic/%75pdate", "/api/keystatic/x/../update", "/api/keystatic/./update?x=1"]) {
      const before = await snapshot();
      const response = await app.inject({
        method: "POST",
        url,
        headers: { cookie, "no-cors": "1", "content-type": "application/json" },
        payload: JSON.stringify({ additions: [hostile], deletions: [] }),
      });
      expect(response.statusCode, url).toBe(400);
      expect(await snapshot(), url).toEqual(before);
    }
    expect((await app.inject({ method: "POST", url: "/api/keystatic/update/extra", headers: { cookie, "no-cors": "1", "content-type": "application/json" }, payload: "{}" })).statusCode).toBe(404);
  });

  it("reads only the configured files", async () => {
    await mkdir(path.join(source, "content", "tenders", "zz", ".git"), { recursive: true });
    const config = Buffer.from("[core]\n");
    await writeFile(path.join(source, "content", "tenders", "zz", ".git", "config"), config);
    const sha = createHash("sha1").update(`blob ${config.length}\0`).update(config).digest("hex");
    const read = (filepath: string) => app.inject({ url: `/api/keystatic/blob/${sha}/${filepath}`, headers: { cookie, "no-cors": "1" } });
    expect((await read("content/tenders/zz/.git/config")).statusCode).toBe(400);
    expect((await read("content/tenders/zz/%2Egit/config")).statusCode).toBe(400);
    expect((await app.inject({ url: `/api/keystatic/%62lob/${sha}/content/tenders/zz/.git/config`, headers: { cookie, "no-cors": "1" } })).statusCode).toBe(400);
    expect((await read("content/home/hero.yaml")).statusCode).toBe(404);
  });

  it("records each save, preview and publish in the audit trail", async () => {
    expect((await save([{ path: "content/home/hero.yaml", contents: await hero((data) => void (data.headline = "Audited")) }])).statusCode).toBe(200);
    const saved = (await trail()).find((entry) => entry.action === "content-save");
    expect(saved?.detail).toEqual({ files: 1, deleted: 0, pictures: 0, entries: "homeHero" });
    // The person who saved, by email.
    expect(saved?.actor).toMatch(/^editor-.*@team\.example$/);

    expect((await app.inject({ method: "POST", url: contentEndpoints.preview, headers: { cookie } })).statusCode).toBe(202);
    for (let state = "building"; state !== "idle"; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = (await app.inject({ url: contentEndpoints.status, headers: { cookie } })).json().state;
    }
    expect((await app.inject({ method: "POST", url: contentEndpoints.publish, headers: { cookie } })).statusCode).toBe(202);
    const actions = (await trail()).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["content-save", "content-preview", "content-publish"]));
    expect((await trail()).find((entry) => entry.action === "content-publish")?.detail.drafts).toBeGreaterThan(0);
    for (let state = "building"; state !== "idle"; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = (await app.inject({ url: contentEndpoints.status, headers: { cookie } })).json().state;
    }
  });
});
