import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { loadSiteFiles, type SiteFile } from "./site-files";

export interface SitePluginOptions {
  siteDir: string;
  /** The URL paths the build pre-rendered: the only HTML served with a page policy. */
  pages: readonly string[];
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
   * Reads another build into memory, checks it, and serves it from the next
   * request on; requests already answering finish on the one they started with.
   * A build that cannot be loaded throws and leaves the current one serving.
   */
  swap(siteDir: string): Promise<void>;
  /** Reads and checks another build like swap, without serving it yet; serving it is then the returned call, which cannot fail. */
  load(siteDir: string): Promise<() => void>;
}

interface LoadedSite {
  siteDir: string;
  files: Map<string, SiteFile>;
  notFound: { match: RegExp; file: SiteFile }[];
  notFoundFiles: Set<SiteFile>;
}

async function loadSite(siteDir: string, options: SitePluginOptions): Promise<LoadedSite> {
  const files = await loadSiteFiles(siteDir, { https: options.https, connectOrigins: options.connectOrigins }, options.pages);
  const notFound = options.notFoundPages.map(({ match, page }) => {
    const file = files.get(page);
    if (!file) throw new Error(`The not-found page ${page} is missing from ${siteDir}: run the build.`);
    return { match, file };
  });
  // A not-found page requested by its own path (/404, /services/404) is still a not-found answer.
  return { siteDir, files, notFound, notFoundFiles: new Set(notFound.map(({ file }) => file)) };
}

function pickEncoding(request: FastifyRequest, file: SiteFile): { body: Buffer; encoding?: "br" | "gzip" } {
  const accept = request.headers["accept-encoding"] ?? "";
  if (file.br && /\bbr\b/.test(accept)) return { body: file.br, encoding: "br" };
  if (file.gzip && /\bgzip\b/.test(accept)) return { body: file.gzip, encoding: "gzip" };
  return { body: file.body };
}

function send(request: FastifyRequest, reply: FastifyReply, file: SiteFile, status = 200) {
  reply.header("content-type", file.contentType).header("cache-control", file.cacheControl).header("etag", file.etag);
  if (file.br || file.gzip) reply.header("vary", "Accept-Encoding");
  if (file.csp) reply.header("content-security-policy", file.csp);
  if (status === 200 && request.headers["if-none-match"] === file.etag) return reply.code(304).send();
  const { body, encoding } = pickEncoding(request, file);
  if (encoding) reply.header("content-encoding", encoding);
  return reply.code(status).send(body);
}

/** Serves the pre-rendered site from memory: pages, hashed assets, redirects and not-found pages. */
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
  });

  for (const [from, to] of Object.entries(options.redirects)) {
    app.get(from, (_request, reply) => reply.redirect(to, 301));
  }

  app.get("/*", (request, reply) => {
    const { files, notFound, notFoundFiles } = site;
    const pathname = request.url.split("?")[0] ?? "/";
    const file = files.get(pathname);
    if (file) return send(request, reply, file, notFoundFiles.has(file) ? 404 : 200);
    if (pathname.length > 1 && pathname.endsWith("/") && files.has(pathname.slice(0, -1))) {
      const query = request.url.slice(pathname.length);
      return reply.redirect(pathname.slice(0, -1) + query, 301);
    }
    const page = notFound.find(({ match }) => match.test(pathname));
    if (!page || pathname.startsWith("/assets/")) {
      return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    }
    return send(request, reply, page.file, 404);
  });
}
