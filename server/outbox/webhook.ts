import { createHmac } from "node:crypto";
import { DeliveryError } from "./delivery-error";
import type { WebhookPayload } from "./outbox-store";

// CRM forwarding: each accepted lead POSTed as JSON, signed so the receiver can
// tell it came from us and is fresh.

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const signatureHeader = "X-Webhook-Signature";
export const timestampHeader = "X-Webhook-Timestamp";

/** `sha256=` + hex HMAC-SHA256 of `timestamp + "." + body`. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** Sends one call; a 2xx is success, anything else (or no answer in time) a DeliveryError to retry. */
export async function postWebhook(payload: WebhookPayload, secret: string, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  let response: Response;
  try {
    response = await fetch(payload.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [timestampHeader]: timestamp,
        [signatureHeader]: signWebhook(secret, timestamp, payload.body),
      },
      body: payload.body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new DeliveryError(`${(error as Error).message}${cause ? ` (${cause})` : ""}`);
  }
  const answer = `${response.status} ${(await response.text().catch(() => "")).slice(0, 500)}`.trim().slice(0, 500);
  if (response.status >= 200 && response.status < 300) return answer;
  throw new DeliveryError(`HTTP ${response.status}`, { response: answer });
}
