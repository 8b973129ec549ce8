import type { FastifyReply, FastifyRequest } from "fastify";
import { createWorkGate, GateFull } from "./work-gate";

// Sign-in attempts (a password, a second step, a passkey alone) take their
// turn through one gate per process before they touch the store. Each makes
// several store calls, and the store's one SQLite connection serves callers in
// the order they ask: a flood of attempts sent at once would otherwise stand
// in front of every enquiry's calls, each time it asks. With a few at a time
// the intake waits behind a few; the rest wait here, in memory (a person
// caught behind a flood waits for it rather than being refused), and past the
// queue are refused unchecked, counted against no limit.

/** Attempts in the store at once. */
export const SIGN_IN_ATTEMPTS_AT_ONCE = 4;
/** Attempts waiting their turn, a few hundred bytes each; past it, refused (429). */
export const SIGN_IN_ATTEMPTS_WAITING_MAX = 1000;
/** Retry-After when refused as busy: the queue empties within a second or two. */
export const BUSY_RETRY_AFTER_S = 5;
export const TOO_MANY = "Too many sign-in attempts. Please wait and try again.";

export const signInAttempts = createWorkGate({ what: "sign-in attempts", atOnce: SIGN_IN_ATTEMPTS_AT_ONCE, waitingMax: SIGN_IN_ATTEMPTS_WAITING_MAX });

/** Too many waiting: refused unchecked, so it counts against no limit. */
export const busy = (reply: FastifyReply) => reply.code(429).header("retry-after", String(BUSY_RETRY_AFTER_S)).send({ statusCode: 429, message: TOO_MANY });

/** A sign-in attempt's route handler, run in its turn. */
export function inTurn<R>(handler: (request: FastifyRequest, reply: FastifyReply) => Promise<R>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<R | FastifyReply> => {
    try {
      return await signInAttempts.run(() => handler(request, reply));
    } catch (error) {
      if (error instanceof GateFull) return busy(reply);
      throw error;
    }
  };
}
