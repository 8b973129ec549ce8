import { createHmac } from "node:crypto";
import { DeliveryError } from "./delivery-error";
import type { WebhookCall } from "../store/outbox-store";

// CRM forwarding: each accepted lead POSTed as JSON, signed so the receiver can
// tell it came from us and is fresh.

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const signatureHeader = "X-Webhook-Signature";
export const timestampHeader = "X-Webhook-Timestamp";

/** `sha256=` + hex HMAC-SHA256 of `timestamp + "." + body`. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** At most this much of a receiver's answer is read; the rest is never downloaded. */
export const WEBHOOK_RESPONSE_MAX_BYTES = 64 * 1024;
/** How much of the answer is kept with the attempt. */
const ANSWER_KEPT_CHARS = 500;

/** Userinfo and query of every URL in a text, replaced: they may hold the CRM's credentials. */
export const redactUrls = (text: string) =>
  text.replace(/\bhttps?:\/\/[^\s"'<>]+/gi, (found) => {
    try {
      const url = new URL(found);
      return `${url.protocol}//${url.username || url.password ? "[redacted]@" : ""}${url.host}${url.pathname}${url.search ? "?[redacted]" : ""}`;
    } catch {
      return "[url]";
    }
  });

/** Sends one call; a 2xx is success, anything else (or no answer in time) a DeliveryError to retry. */
export async function postWebhook(payload: WebhookCall, secret: string, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  // fetch refuses a URL with credentials: they go as Basic auth instead.
  const target = new URL(payload.url);
  const basic = target.username || target.password ? `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString("base64")}` : undefined;
  target.username = "";
  target.password = "";
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  try {
    let response: Response;
    try {
      response = await fetch(target, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [timestampHeader]: timestamp,
          [signatureHeader]: signWebhook(secret, timestamp, payload.body),
          ...(basic ? { authorization: basic } : {}),
        },
        body: payload.body,
        redirect: "manual",
        signal: abort.signal,
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new DeliveryError(redactUrls(`${(error as Error).message}${cause ? ` (${cause})` : ""}`));
    }
    const body = await readAtMost(response, WEBHOOK_RESPONSE_MAX_BYTES);
    // The rest of a long answer is not wanted: hang up rather than download it.
    abort.abort();
    const answer = redactUrls(`${response.status} ${body.slice(0, ANSWER_KEPT_CHARS)}`.trim()).slice(0, ANSWER_KEPT_CHARS);
    if (response.status >= 200 && response.status < 300) return answer;
    throw new DeliveryError(`HTTP ${response.status}`, { response: answer });
  } finally {
    clearTimeout(timer);
  }
}

/** The start of a response body, at most `maxBytes` of it, as text; never throws. */
async function readAtMost(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body cut short (timeout, hang-up) keeps what arrived.
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString("utf8");
}
