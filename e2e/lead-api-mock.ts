import type { Page, Route } from "@playwright/test";

/** One request the page sent to POST /api/contactus, as the server would read it. */
export interface LeadCall {
  /** The multipart fields in order, as [name, value] pairs. */
  entries: [string, string][];
  contentType: string;
  headers: Record<string, string>;
}

type Responder = (route: Route) => Promise<void>;

export const answer = {
  /** The server's accepted answer (contract/lead.ts). */
  accepted: (): Responder => (route) =>
    route.fulfill({ json: { status: true, message: "Thanks", data: { status: true, id: "lead-1" } } }),
  rejected: (): Responder => (route) =>
    route.fulfill({ status: 422, json: { status: false, message: "Invalid", errors: { email: "Bad" }, data: { status: false } } }),
  json: (json: unknown, status = 200): Responder => (route) => route.fulfill({ status, json }),
  serverError: (): Responder => (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }),
  networkFailure: (): Responder => (route) => route.abort("failed"),
};

/** A response held back until `release()`, to see the loading state. */
export function gated(responder: Responder) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    responder: (async (route) => {
      await gate;
      await responder(route);
    }) satisfies Responder,
    release: () => release(),
  };
}

async function readCall(route: Route): Promise<LeadCall> {
  const request = route.request();
  const headers = await request.allHeaders();
  const contentType = headers["content-type"] ?? "";
  // Node's own multipart parser reads the body exactly as a server would.
  const form = await new Response(new Uint8Array(request.postDataBuffer() ?? Buffer.alloc(0)), { headers: { "content-type": contentType } }).formData();
  const entries = [...form.entries()].map(([name, value]) => [name, String(value)] as [string, string]);
  return { entries, contentType, headers };
}

/**
 * Stands in for the lead API: records every call and answers each with the next
 * queued responder (accepted when the queue is empty).
 */
export async function mockLeadApi(page: Page) {
  const calls: LeadCall[] = [];
  const queue: Responder[] = [];
  await page.route("**/api/contactus", async (route) => {
    calls.push(await readCall(route));
    await (queue.shift() ?? answer.accepted())(route);
  });
  return {
    calls,
    /** Queues answers for the next calls, in order. */
    respond: (...responders: Responder[]) => queue.push(...responders),
  };
}

/** Sets the hidden honeypot input as a bot would (people cannot reach it). */
export async function fillHoneypot(page: Page, scope: string, value: string) {
  await page.locator(`${scope} input[name="website"]`).evaluate((input: HTMLInputElement, text) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, value);
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
