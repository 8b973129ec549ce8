import type { APIRequestContext } from "@playwright/test";
import { CHALLENGE_ENDPOINT, CONTACT_ENDPOINT, headers } from "../contract/lead";
import { pageScriptHeaders, solvedProof, type Challenge } from "../server/spam/browser-post.test-support";

// Leads seeded for the owner's tests as a person's browser sends them, against
// the server with its spam filter on: the form's own multipart post, a proof of
// work for a fresh challenge, the browser's headers, the form on screen for a
// person's while. Nothing here switches a defence off.

/** How long a person had the form on screen before pressing Send. */
const PERSON_SHOWN_MS = "12000";
const PERSON_FILL_MS = "9000";

/** Posts one lead as the hydrated form does; answers the response. */
export async function postLeadAsBrowser(request: APIRequestContext, fields: Record<string, string>, baseURL = "") {
  const challenge = (await (await request.get(`${baseURL}${CHALLENGE_ENDPOINT}`)).json()) as Challenge;
  return request.post(`${baseURL}${CONTACT_ENDPOINT}`, {
    multipart: fields,
    headers: {
      ...pageScriptHeaders,
      [headers.proofOfWork]: await solvedProof(challenge),
      [headers.idempotencyKey]: crypto.randomUUID(),
      [headers.shownMs]: PERSON_SHOWN_MS,
      [headers.fillMs]: PERSON_FILL_MS,
    },
  });
}
