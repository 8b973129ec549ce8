import { createHash } from "node:crypto";

// A lead posted as a real browser posts it, for the tests and the spam drill
// that seed leads against a server with its spam filter on: the headers a
// browser sends, and a proof of work solved here as the page's worker solves it.

/** A current desktop Chrome's User-Agent. */
export const CHROME_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** What a hydrated form's fetch sends besides its own headers: the browser's Fetch Metadata. */
export const pageScriptHeaders = { "user-agent": CHROME_UA, "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" } as const;

/** A browser's own form post (JavaScript off, or pressed before the form's script arrived). */
export const formPostHeaders = {
  "user-agent": CHROME_UA,
  "sec-fetch-site": "same-origin",
  "sec-fetch-mode": "navigate",
  "sec-fetch-dest": "document",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
} as const;

export interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
}

/**
 * The X-Altcha value for a challenge: the number the form's worker finds, the
 * first whose hash with the salt is the challenge. Found with Node's own hash,
 * not altcha-lib's loop of awaited Web Crypto digests: 10 ms a proof instead of
 * 600, where the tests seed leads by the dozen.
 */
export async function solvedProof(challenge: Challenge): Promise<string> {
  const hash = challenge.algorithm.replace("-", "").toLowerCase();
  let solution: number | undefined;
  for (let number = 0; number <= challenge.maxnumber && solution === undefined; number += 1) {
    if (createHash(hash).update(`${challenge.salt}${number}`).digest("hex") === challenge.challenge) solution = number;
  }
  if (solution === undefined) throw new Error("The challenge has no solution within its maxnumber");
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution, salt, signature })).toString("base64");
}
