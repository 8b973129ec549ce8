import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { indexSiteFiles, type SiteFile } from "./site-files";

export interface SitePluginOptions {
  siteDir: string;
  https: boolean;
  connectOrigins: readonly string[];
  /** Paths answered with a 301 to another path (e.g. /home → /). */
  redirects: Readonly<Record<string, string>>;
  /**
   * Not-found pages: the first whose pattern matches an unknown path is served
   * with HTTP 404, so put the catch-all last.
   */
  notFoundPages: readonly { match: RegExp; page: string }[];
  /** Told how to swap in another build of the site (the content editor's publishing). */
  onLoaded?: (site: LiveSite) => void;
}

/** The site being served, and the way to replace it with another build without a restart. */
export interface LiveSite {
  /** The folder the pages now come from. */
  readonly siteDir: string;
  /**
   * Indexes and checks another build, and serves it from the next request on;
   * requests already answering finish on the one they started with.
   * A build that cannot be loaded throws and leaves the current one serving.
   */
  swap(siteDir: string): Promise<void>;
  /** Indexes and checks another build like swap, without serving it yet; serving it is then the returned call, which cannot fail. */
  load(siteDir: string): Promise<() => void>;
  /**
   * A pre-rendered page of the build now served, for the server to fill in and
   * answer with itself (the form post's confirmation): its HTML and its CSP.
   * Undefined when the build has no such page.
   */
  page(urlPath: string): Promise<{ html: string; csp: string } | undefined>;
}

interface LoadedSite {
  siteDir: string;
  files: Map<string, SiteFile>;
  notFound: { match: RegExp; file: SiteFile }[];
  notFoundFiles: Set<SiteFile>;
  /** Pages read by `page()`, kept with their build: a build's files never change. */
  pages: Map<string, Promise<{ html: string; csp: string } | undefined>>;
}

async function loadSite(siteDir: string, options: SitePluginOptions): Promise<LoadedSite> {
  const files = await indexSiteFiles(siteDir, { https: options.https, connectOrigins: options.connectOrigins });
  const notFound = options.notFoundPages.map(({ match, page }) => {
    const file = files.get(page);
    if (!file) throw new Error(`The not-found page ${page} is missing from ${siteDir}: run the build.`);
    return { match, file };
  });
  // A not-found page requested by its own path (/404, /services/404) is still a not-found answer.
  return { siteDir, files, notFound, notFoundFiles: new Set(notFound.map(({ file }) => file)), pages: new Map() };
}

/**
 * A not-found answer is never a 304 or a 206: @fastify/send would answer those
 * with its own status, which the 404 set before it overrides, leaving an empty or partial page.
 */
const NOT_FOUND_SEND = { etag: false, acceptRanges: false } as const;

/** Serves the pre-rendered site from its folder: pages, hashed assets, redirects and not-found pages. */
export async function sitePlugin(app: FastifyInstance, options: SitePluginOptions) {
  // One reference to the whole loaded build: a swap replaces it in one assignment, so a
  // request reads either the old build or the new one, never a mix of the two.
  let site = await loadSite(options.siteDir, options);
  app.log.info({ files: site.files.size, siteDir: site.siteDir }, "site loaded");
  options.onLoaded?.({
    get siteDir() {
      return site.siteDir;
    },
    async swap(siteDir) {
      (await this.load(siteDir))();
    },
    async load(siteDir) {
      const next = await loadSite(siteDir, options);
      return () => {
        site = next;
        app.log.info({ files: next.files.size, siteDir }, "site swapped");
      };
    },
    page(urlPath) {
      const current = site;
      let read = current.pages.get(urlPath);
      if (!read) {
        const file = current.files.get(urlPath);
        const csp = file?.csp;
        read = file && csp !== undefined ? readFile(path.join(current.siteDir, file.file), "utf8").then((html) => ({ html, csp })) : Promise.resolve(undefined);
        current.pages.set(urlPath, read);
      }
      return read;
    },
  });

  // Only reply.sendFile: which file a URL is, and its headers, come from the build's index.
  // Pre-compressed .br (preferred) or .gz beside a file, by Accept-Encoding; a weak ETag
  // from its size and time, 304 and HEAD, by @fastify/send. Last-Modified is left out:
  // a build's copy is new to a browser whatever its times.
  await app.register(fastifyStatic, { serve: false, preCompressed: true, cacheControl: false, contentType: false, lastModified: false });

  // @fastify/static names a pre-compressed file's type itself, from `mime`: the index's type wins.
  const types = new WeakMap<FastifyReply, string>();
  app.addHook("onSend", (_request, reply, payload, done) => {
    const type = types.get(reply);
    if (type !== undefined) reply.header("content-type", type);
    done(null, payload);
  });

  const send = (reply: FastifyReply, { siteDir }: LoadedSite, file: SiteFile, status = 200) => {
    types.set(reply, file.contentType);
    reply.code(status).header("content-type", file.contentType).header("cache-control", file.cacheControl).header("vary", "Accept-Encoding");
    if (file.csp) reply.header("content-security-policy", file.csp);
    return reply.sendFile(file.file, siteDir, status === 404 ? NOT_FOUND_SEND : {});
  };

  for (const [from, to] of Object.entries(options.redirects)) {
    app.get(from, (_request, reply) => reply.redirect(to, 301));
  }

  app.get("/*", (request, reply) => {
    const current = site;
    const { files, notFound, notFoundFiles } = current;
    const pathname = request.url.split("?")[0] ?? "/";
    const file = files.get(pathname);
    if (file) return send(reply, current, file, notFoundFiles.has(file) ? 404 : 200);
    if (pathname.length > 1 && pathname.endsWith("/") && files.has(pathname.slice(0, -1))) {
      const query = request.url.slice(pathname.length);
      return reply.redirect(pathname.slice(0, -1) + query, 301);
    }
    const page = notFound.find(({ match }) => match.test(pathname));
    if (!page || pathname.startsWith("/assets/")) {
      return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    }
    return send(reply, current, page.file, 404);
  });
}
