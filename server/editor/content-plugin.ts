import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { paths } from "../../contract/paths";
import { ADMIN_API, type OwnerActionDetail, type OwnerActionName } from "../../contract/admin";
import { CONTENT_API, EDITOR_API, EDITOR_PATH, PREVIEW_PATH, type PublishJob } from "../../contract/content-editor";
import { UPLOAD_WIDTHS, uploadVariant } from "../../contract/uploads";
import { editorConfig, type EditorStorage } from "../../editor/keystatic.config";
import { isCrossSite, recordRequestAction, ROBOTS_HEADER, SIGNED_OUT_BODY_BYTES } from "../admin/owner-requests";
import { SET_UP_FIRST } from "../team/team-plugin";
import { editorPaths, type EditorFile, type EditorPaths } from "./editor-paths";
import { checkContentSave } from "./content-save";
import { saveBreaksBuild } from "./save-dependents";
import { convertPicture, PictureRefused } from "./images";
import { FileRefused, sourceFiles, type SourceChange, type SourceFiles } from "./source-files";
import type { Publisher } from "./publisher";

// The owner's content editor on this server: Keystatic's UI (its own bundle)
// at /keystatic, its file API at /api/keystatic, the last preview build at
// /admin/preview, all for a signed-in owner only; the publishing routes are
// added to /api/admin by contentAdminRoutes below.


/** How the editor's routes record what the owner did: the session and address come from the request. */
export type EditorAudit = (request: FastifyRequest, action: OwnerActionName, detail: OwnerActionDetail) => Promise<void>;

/** An upload of the editor's is at most this big (a photo from a phone, base64 in JSON). */
const EDITOR_BODY_BYTES = 25 * 1024 * 1024;
/** The preview is the built HTML as visitors get it, without its scripts (a look at the page, not a second site). */
const PREVIEW_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const EDITOR_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' blob: data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".webm": "video/webm",
  ".mp4": "video/mp4",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** A file under `root` for a URL path, never outside it. */
async function readUnder(root: string, urlPath: string): Promise<{ body: Buffer; type: string } | undefined> {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath).replace(/^\/+/, "");
  } catch {
    // A malformed escape names no file.
    return undefined;
  }
  if (relative.split("/").some((segment) => segment === ".." || segment.startsWith("."))) return undefined;
  for (const candidate of [relative, path.join(relative, "index.html")]) {
    const file = path.join(root, candidate);
    if (!file.startsWith(root + path.sep) && file !== root) continue;
    const type = types[path.extname(file)];
    if (!type || !existsSync(file)) continue;
    try {
      return { body: await readFile(file), type };
    } catch {
      continue;
    }
  }
  return undefined;
}

/** The preview's pages link and load from under /admin/preview, so every page and picture is the preview's. */
const rebase = (html: string) => html.replace(/((?:src|href|poster|srcset)=")\/(?!\/)/g, `$1${PREVIEW_PATH}/`);

/**
 * The editor's routes, with CONTENT_EDITOR on and ADMIN_PASSWORD set: the settings, the publisher (local
 * mode), the owner's sessions and the audit trail are read from the instance.
 */
export async function contentPlugin(app: FastifyInstance) {
  const { content, publicSiteUrl } = app.config;
  const { publisher } = app;
  if (!content) throw new Error("The content editor needs CONTENT_EDITOR");
  const { sourceDir, editorDir } = content;
  /** local: the checkout's files through this server; github: the repository on GitHub (Keystatic's own OAuth routes). */
  const storage: EditorStorage = content.githubRepo ? { kind: "github", repo: content.githubRepo } : { kind: "local" };
  // Awaited before the answer: every save is a row of the audit trail.
  const audit: EditorAudit = (request, action, detail) => recordRequestAction(app.audit, request, action, detail);
  // GitHub mode reads KEYSTATIC_GITHUB_CLIENT_ID, KEYSTATIC_GITHUB_CLIENT_SECRET and KEYSTATIC_SECRET itself.
  const config = editorConfig(storage);
  const handler = makeGenericAPIRouteHandler({ config, localBaseDirectory: sourceDir });
  // The files the configuration defines, and nothing else.
  const allowed = editorPaths(config);
  // Reached only through real folders of content/ and the upload folders, and written atomically.
  const files = sourceFiles(sourceDir, ["content", ...allowed.described.pictureDirectories]);
  if (storage.kind === "local") {
    app.addHook("onReady", async () => {
      const swept = await files.sweep();
      if (swept > 0) app.log.warn({ swept }, "content editor: removed files a save cut short by a stop had left");
    });
  }
  const githubAuth = `${EDITOR_API}/github/`;

  // The editor's API reads its JSON itself: keep the body as it came.
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: EDITOR_BODY_BYTES }, (_request, body, done) => done(null, body));

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-robots-tag", ROBOTS_HEADER).header("cache-control", "no-store");
    // GitHub's sign-in comes back from github.com, cross-site and without the owner's SameSite=Strict
    // cookie: Keystatic's own OAuth routes check it with GitHub, as in its Next.js and Astro setups.
    if (storage.kind === "github" && request.url.startsWith(githubAuth)) return;
    if (isCrossSite(request, publicSiteUrl)) return reply.code(403).send({ statusCode: 403, message: "Forbidden" });
    // A complete session whose role holds "content" (team/permissions.ts).
    const refusal = await app.ownerRefusal(request);
    if (!refusal) return;
    if (request.url.startsWith(EDITOR_API)) return reply.code(refusal.statusCode).send(refusal);
    // The pages send someone signed out to sign in first (or on to set up a second factor, which /admin asks for).
    if (refusal.statusCode === 401 || refusal.message === SET_UP_FIRST) return reply.redirect(paths.admin, 303);
    return reply.code(403).type("text/plain; charset=utf-8").send("Your role does not include the content editor.");
  });

  // GitHub mode's API is only Keystatic's sign-in with GitHub, reached before the owner's session is
  // checked: it reads no body (saves go from the browser to GitHub), so it takes no more than a sign-in.
  const apiBodyLimit = storage.kind === "github" ? SIGNED_OUT_BODY_BYTES : EDITOR_BODY_BYTES;
  app.all(`${EDITOR_API}/*`, { bodyLimit: apiBodyLimit }, async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    let url = new URL(request.url, "http://localhost").toString();
    // Local mode writes this server's checkout: every path is checked against the configuration first.
    if (storage.kind === "local") {
      // The route as Keystatic reads it (`update/`, `%75pdate` and `x/../update` are all `update` to it),
      // and then handed over spelled the one way that was checked.
      const params = keystaticParams(url);
      if (!params) return refuse(reply, "The address is not well-formed.");
      const route = `${request.method} ${params[0] ?? ""}`;
      if (route === "GET blob") {
        const filepath = params.slice(2).join("/");
        const checked = allowed.check(filepath);
        if (!checked.ok) return refuse(reply, `Not read: ${shown(filepath)}: ${checked.reason}.`);
        const fenced = await fenceRefusal(files.check(filepath));
        if (fenced) return refuse(reply, `Not read: ${fenced}`);
        url = new URL(`${EDITOR_API}/blob/${encodeURIComponent(params[1] ?? "")}/${filepath.split("/").map(encodeURIComponent).join("/")}`, "http://localhost").toString();
      } else if (route === "POST update" && params.length === 1) {
        // Keystatic's own conditions for a save (its header against cross-site forms, JSON), as it answers them.
        if (request.headers["no-cors"] !== "1" || request.headers["content-type"] !== "application/json") {
          return reply.code(400).type("text/plain; charset=utf-8").send("Bad Request");
        }
        const prepared = await prepareSave(body, allowed.check, files);
        if ("refused" in prepared) return refuse(reply, `Not saved: ${prepared.refused}`);
        // Written here, not by Keystatic (which writes in place and follows links); it answers with the tree, as after its own save.
        const refused = await fenceRefusal(files.apply(prepared.change));
        if (refused) return refuse(reply, `Not saved: ${refused}`);
        await audit(request, "content-save", prepared.detail);
        url = new URL(`${EDITOR_API}/tree`, "http://localhost").toString();
        return answer(reply, await handler({ method: "GET", url, headers: new Headers({ "no-cors": "1" }), json: async () => null }));
      } else if (route === "GET tree" && params.length === 1) {
        url = new URL(`${EDITOR_API}/tree`, "http://localhost").toString();
      } else {
        return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
      }
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    return answer(reply, await handler({ method: request.method, url, headers, json: async () => JSON.parse(body?.toString("utf8") ?? "null") }));
  });

  const editorPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const found = (await readUnder(editorDir, request.url.split("?")[0]!.slice(EDITOR_PATH.length))) ?? (await readUnder(editorDir, "/index.html"));
    if (!found) return reply.code(503).type("text/plain; charset=utf-8").send("The content editor is not built: run `npm run build:editor`.");
    return reply.header("content-security-policy", EDITOR_CSP).type(found.type).send(found.body);
  };
  app.get(EDITOR_PATH, editorPage);
  // The address the owner may remember beside the inbox's.
  app.get(`${paths.admin}/content`, (_request, reply) => reply.redirect(EDITOR_PATH, 303));
  app.get(`${EDITOR_PATH}/*`, editorPage);

  const previewPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const dir = publisher?.previewDir();
    if (!dir) return reply.code(404).type("text/plain; charset=utf-8").send("No preview yet: press “Preview” in the content editor.");
    const pathname = request.url.split("?")[0]!.slice(PREVIEW_PATH.length) || "/";
    const found = await readUnder(dir, pathname);
    if (!found) return reply.code(404).type("text/plain; charset=utf-8").send("Not in the preview.");
    reply.header("content-security-policy", PREVIEW_CSP).type(found.type);
    return reply.send(found.type.startsWith("text/html") ? rebase(found.body.toString("utf8")) : found.body);
  };
  app.get(PREVIEW_PATH, previewPage);
  app.get(`${PREVIEW_PATH}/*`, previewPage);
}

/** The publishing routes, registered inside /api/admin (its session and cross-site checks apply). */
export function contentAdminRoutes(publisher: Publisher | undefined, audit: EditorAudit) {
  return (scope: FastifyInstance) => {
    const prefix = CONTENT_API.slice(ADMIN_API.length);
    scope.get(`${prefix}/status`, async () => (publisher ? publisher.status() : { enabled: false, state: "idle", drafts: [] }));
    const start = (job: PublishJob) => async (request: FastifyRequest, reply: FastifyReply) => {
      if (!publisher) return reply.code(404).send({ statusCode: 404, message: "Not Found" });
      // Committed in the signed-in person's name (the owner routes' hook found their session).
      const person = request.ownerSession?.person;
      if (!publisher.start(job, person && { name: person.name, email: person.email })) return reply.code(409).send({ statusCode: 409, message: "A build is already running: wait for it to finish." });
      const status = await publisher.status();
      await audit(request, job === "publish" ? "content-publish" : "content-preview", { drafts: status.drafts.length });
      return reply.code(202).send(status);
    };
    scope.post(`${prefix}/preview`, start("preview"));
    scope.post(`${prefix}/publish`, start("publish"));
  };
}

type KeystaticResponse = Awaited<ReturnType<ReturnType<typeof makeGenericAPIRouteHandler>>>;

/** Keystatic's answer, as it gave it. */
function answer(reply: FastifyReply, response: KeystaticResponse) {
  reply.code(response.status ?? 200);
  new Headers(response.headers).forEach((value, name) => void reply.header(name, value));
  return reply.send(response.body === null ? undefined : typeof response.body === "string" ? response.body : Buffer.from(response.body));
}

/**
 * A refused read or save: plain text, as Keystatic's own answers are, since its UI
 * shows the body of a failed request to the owner as it is.
 */
const refuse = (reply: FastifyReply, message: string) => reply.code(400).type("text/plain; charset=utf-8").send(message);

type Check = EditorPaths["check"];

/** A path as the owner's message shows it: quoted, escaped, cut short. */
const shown = (filepath: string) => JSON.stringify(filepath.length > 120 ? `${filepath.slice(0, 120)}…` : filepath);

/**
 * The route's segments after /api/keystatic, read as Keystatic's handler reads them
 * (`@keystatic/core/api/generic`: the URL's normalised path, each segment decoded,
 * empty ones dropped); undefined for an escape that does not decode.
 */
function keystaticParams(url: string): string[] | undefined {
  try {
    return new URL(url).pathname
      .replace(/^\/api\/keystatic\/?/, "")
      .split("/")
      .map((segment) => decodeURIComponent(segment))
      .filter(Boolean);
  } catch {
    return undefined;
  }
}

interface PreparedSave {
  /** The files as they are written: each content file as the build reads it, each picture re-encoded with its sizes beside it, a deleted picture's sizes removed with it. */
  change: SourceChange;
  detail: OwnerActionDetail;
}

/** The owner's message for a path the fence refuses, or undefined once `reached` settles; any other failure is thrown. */
async function fenceRefusal(reached: Promise<unknown>): Promise<string | undefined> {
  try {
    await reached;
    return undefined;
  } catch (error) {
    if (!(error instanceof FileRefused)) throw error;
    return `${shown(error.filepath)}: ${error.message}.`;
  }
}

/** The longest text a detail may hold (store/audit.ts). */
const DETAIL_TEXT_MAX = 100;

const entryName = (file: EditorFile) => (file.kind === "singleton" ? file.key : file.kind === "entry" ? `${file.collection}:${file.slug}` : undefined);

/**
 * Keystatic's `update` body ({ additions: [{ path, contents }], deletions: [{ path }] }),
 * checked before anything is written: every path one the configuration defines and
 * reached through no link, every picture a picture by its content (re-encoded), and
 * nothing the build needs of the other files deleted or broken. The first refusal
 * answers the whole save.
 */
async function prepareSave(body: Buffer | undefined, check: Check, sources: SourceFiles): Promise<PreparedSave | { refused: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body?.toString("utf8") ?? "");
  } catch {
    return { refused: "The save is not JSON." };
  }
  const isList = (value: unknown, withContents: boolean) =>
    Array.isArray(value) &&
    value.every((item) => typeof item === "object" && item !== null && typeof (item as { path?: unknown }).path === "string" && (!withContents || typeof (item as { contents?: unknown }).contents === "string"));
  const update = parsed as { additions: { path: string; contents: string }[]; deletions: { path: string }[] };
  if (typeof parsed !== "object" || parsed === null || !isList(update.additions, true) || !isList(update.deletions, false)) {
    return { refused: "A save lists additions ({ path, contents }) and deletions ({ path })." };
  }
  const entries = new Set<string>();
  const files = new Map<string, EditorFile>();
  for (const { path: filepath } of [...update.additions, ...update.deletions]) {
    const checked = check(filepath);
    if (!checked.ok) return { refused: `${shown(filepath)}: ${checked.reason}.` };
    files.set(filepath, checked.file);
    const name = entryName(checked.file);
    if (name) entries.add(name);
  }
  for (const filepath of files.keys()) {
    const refused = await fenceRefusal(sources.check(filepath));
    if (refused) return { refused };
  }
  const change: SourceChange = { write: [], remove: [] };
  let pictures = 0;
  /** The content files as they will be written, for the check of what the save does to the others. */
  const written = new Map<string, string>();
  for (const addition of update.additions) {
    const file = files.get(addition.path)!;
    if (file.kind !== "picture") {
      // A content file is checked against its schema as the build checks it, and written as the build reads it.
      const relative = addition.path.replace(/^content\//, "");
      const previous = (await sources.read(addition.path))?.toString("utf8");
      const checked = checkContentSave(relative, Buffer.from(addition.contents, "base64url").toString("utf8"), previous, path.join(sources.root, "content"));
      if (!checked.ok) return { refused: checked.message };
      written.set(addition.path, checked.contents);
      change.write.push({ path: addition.path, contents: Buffer.from(checked.contents) });
      continue;
    }
    try {
      const converted = await convertPicture(Buffer.from(addition.contents, "base64url"), file.extension);
      change.write.push({ path: addition.path, contents: converted.original });
      for (const { width, format, body: sized } of converted.variants) change.write.push({ path: uploadVariant(addition.path, width, format), contents: sized });
      pictures += 1;
    } catch (error) {
      if (!(error instanceof PictureRefused)) throw error;
      return { refused: `${shown(addition.path)}: ${error.message}.` };
    }
  }
  // A file the build needs, deleted or changed so that another file no longer fits, is refused now rather than at Publish.
  const broken = await saveBreaksBuild(sources.root, { written, deleted: update.deletions.map(({ path: filepath }) => filepath) });
  if (broken) return { refused: broken };
  for (const { path: filepath } of update.deletions) {
    change.remove.push(filepath);
    if (files.get(filepath)!.kind === "picture") change.remove.push(...variantPaths(filepath));
  }
  let named = [...entries].join(",");
  if (named.length > DETAIL_TEXT_MAX) named = named.slice(0, named.lastIndexOf(",", DETAIL_TEXT_MAX)) || named.slice(0, DETAIL_TEXT_MAX);
  return { change, detail: { files: update.additions.length, deleted: update.deletions.length, pictures, entries: named } };
}

const variantPaths = (picture: string) => UPLOAD_WIDTHS.flatMap((width) => (["avif", "webp"] as const).map((format) => uploadVariant(picture, width, format)));
