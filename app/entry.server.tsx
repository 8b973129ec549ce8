import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";

// Runs only at build time: with `ssr: false` every page is pre-rendered and no
// server renders at runtime. Static generation waits for all content (React's
// advice for crawlers and static files), so a part that suspends while it
// loads (the footer's newsletter form, DeferredNewsletterForm) is written into
// the HTML in place, never as a hidden copy plus a script that swaps it in.

const RENDER_TIMEOUT_MS = 10_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // Never split the page into chunks revealed by script: a static file is read whole.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
    setTimeout(abort, RENDER_TIMEOUT_MS);
  });
}
