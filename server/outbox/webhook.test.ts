import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DeliveryError } from "./delivery-error";
import { postWebhook, redactUrls, WEBHOOK_RESPONSE_MAX_BYTES } from "./webhook";

// One webhook call against a local receiver: what is read of its answer, and
// what of the URL may end up in a stored error.

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function receiver(handle: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handle);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const payload = (url: string) => ({ url, body: JSON.stringify({ type: "enquiry", id: "x" }) });

describe("postWebhook", () => {
  it("reads at most a small bounded answer, then stops, however much the receiver sends", async () => {
    let sent = 0;
    const url = await receiver((_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      const chunk = Buffer.alloc(16 * 1024, "a");
      // An endless answer: only the client hanging up ends it.
      const timer = setInterval(() => {
        if (response.destroyed) return clearInterval(timer);
        response.write(chunk);
        sent += chunk.length;
      }, 1);
      response.on("close", () => clearInterval(timer));
    });
    // Hanging up once it has enough: waiting for the end would give the 5 s timeout's error instead.
    const answer = await postWebhook(payload(`${url}/hook`), "secret", 5_000);
    expect(answer).toMatch(/^200 a+$/);
    expect(answer.length).toBeLessThanOrEqual(500);
    expect(sent).toBeLessThan(WEBHOOK_RESPONSE_MAX_BYTES * 8);
  });

  it("sends credentials in the URL as Basic auth, and keeps them and the query out of errors", async () => {
    let headers: IncomingHttpHeaders = {};
    let path = "";
    const url = await receiver((request, response) => {
      headers = request.headers;
      path = request.url ?? "";
      response.writeHead(503).end("down");
    });
    const withSecrets = url.replace("http://", "http://crm-user:hunter2-secret@") + "/hook?token=query-secret";
    const failure = await postWebhook(payload(withSecrets), "secret").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeliveryError);
    expect(headers.authorization).toBe(`Basic ${Buffer.from("crm-user:hunter2-secret").toString("base64")}`);
    expect(path).toBe("/hook?token=query-secret");
    const { message, response } = failure as DeliveryError;
    for (const text of [message, response ?? ""]) expect(text).not.toMatch(/hunter2|query-secret/);

    // Unreachable: the network error must not carry the URL's secrets either.
    const closed = await postWebhook(payload("http://crm-user:hunter2-secret@127.0.0.1:9/hook?token=query-secret"), "secret", 2_000).catch((error: unknown) => error);
    expect(closed).toBeInstanceOf(DeliveryError);
    expect((closed as Error).message).not.toMatch(/hunter2|query-secret/);
  });

  it("redacts userinfo and query from any URL in a message", () => {
    expect(redactUrls("failed: https://u:p@crm.example.com/a?key=1 and http://x.example/b")).toBe("failed: https://[redacted]@crm.example.com/a?[redacted] and http://x.example/b");
  });
});
