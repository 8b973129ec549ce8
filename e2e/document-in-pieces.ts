import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

// A page's HTML as a slow link delivers it: in two pieces with a pause between.
// A small proxy in front of the test server sends each page's document up to a
// cut the test chooses, holds the rest for a while, then sends it; everything
// else (scripts, styles, images) passes straight through. The browser parses
// and may paint what it has, as a phone on a poor connection does.

/** Headers that describe the upstream body's encoding, not the body the proxy sends. */
const bodyHeaders = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"]);

const forwarded = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).flatMap(([name, value]) => (name === "host" || value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : value]])));

export async function serveDocumentInPieces(upstream: string, cut: (html: string) => number, pauseMs: number) {
  const server = createServer(async (request, response) => {
    const upstreamResponse = await fetch(new URL(request.url ?? "/", upstream), { headers: forwarded(request.headers), redirect: "manual" });
    const headers = [...upstreamResponse.headers].filter(([name]) => !bodyHeaders.has(name));
    const isDocument = upstreamResponse.headers.get("content-type")?.startsWith("text/html") ?? false;
    if (!isDocument) {
      const body = Buffer.from(await upstreamResponse.arrayBuffer());
      response.writeHead(upstreamResponse.status, [...headers, ["content-length", String(body.length)]].flat());
      response.end(body);
      return;
    }
    const html = await upstreamResponse.text();
    const at = cut(html);
    if (at <= 0 || at >= html.length) throw new Error(`the cut (${at}) is not inside the page's HTML (${html.length} characters)`);
    response.writeHead(upstreamResponse.status, headers.flat());
    response.write(html.slice(0, at));
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    response.end(html.slice(at));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
