// The forms' proof of work (ALTCHA's protocol): a challenge from our own API,
// solved by altcha-lib in a worker so typing never stutters. Loaded only once
// a visitor starts a form (lead-client.ts); no page downloads it up front.

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** Without a worker (an older browser's, or one that failed to start) the page solves it itself: slower to type beside, never missing. */
async function solveHere({ challenge, salt, algorithm, maxnumber }: Challenge): Promise<number | null> {
  const { solveChallenge } = await import("altcha-lib/v1");
  return (await solveChallenge(challenge, salt, algorithm, maxnumber).promise)?.number ?? null;
}

function solveInWorker(challenge: Challenge): Promise<number | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./proof-of-work.worker.ts", import.meta.url), { type: "module" });
    } catch {
      resolve(solveHere(challenge));
      return;
    }
    const done = (number: number | null) => {
      worker.terminate();
      resolve(number === null ? solveHere(challenge) : number);
    };
    worker.onmessage = (event: MessageEvent<number | null>) => done(typeof event.data === "number" ? event.data : null);
    worker.onerror = () => done(null);
    worker.postMessage(challenge);
  });
}

/** The X-Altcha value for a fresh challenge from `url`, or null when this browser cannot make one (the form is sent without). */
export async function solveProof(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { cache: "no-store", credentials: "omit" });
    if (!response.ok) return null;
    const challenge = (await response.json()) as Challenge;
    const number = await solveInWorker(challenge);
    if (number === null) return null;
    const { algorithm, salt, signature } = challenge;
    return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
  } catch {
    return null;
  }
}
