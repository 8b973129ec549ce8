import formbody from "@fastify/formbody";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  NEWSLETTER_CONFIRM_ENDPOINT,
  NEWSLETTER_UNSUBSCRIBE_ENDPOINT,
  TOKEN_PARAM,
  type ConfirmOutcome,
  type NewsletterTokenResponse,
  type UnsubscribeOutcome,
} from "../../contract/newsletter";
import { paths } from "../../contract/paths";
import { hashConfirmToken, verifyUnsubscribeToken } from "../newsletter/tokens";
import { serverRateLimitStorage } from "./rate-limit-store";
import { hashIp } from "./visitor";

// The double opt-in and unsubscribe endpoints the newsletter pages (and mail
// clients, for one-click unsubscribe) POST to. Each acts only on a POST: a link
// scanner that fetches an email's links never confirms or unsubscribes anyone.

const TOKEN_MAX = 200;

/** The token from `?token=`, or a JSON / urlencoded body's `token`. */
function tokenOf(request: FastifyRequest): string | null {
  const query = (request.query as Record<string, unknown> | undefined)?.[TOKEN_PARAM];
  const body = request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>)[TOKEN_PARAM] : undefined;
  const token = typeof query === "string" && query !== "" ? query : body;
  return typeof token === "string" && token.length > 0 && token.length <= TOKEN_MAX ? token : null;
}

const answer = <Outcome extends string>(reply: FastifyReply, status: number, outcome: Outcome) =>
  reply.code(status).header("cache-control", "no-store").send({ outcome } satisfies NewsletterTokenResponse<Outcome>);

const confirmStatus: Record<ConfirmOutcome, number> = { confirmed: 200, expired: 410, invalid: 400 };

/** The confirm and unsubscribe endpoints; everything they use is read from the instance. */
export async function newsletterRoutes(app: FastifyInstance) {
  const { publicSiteUrl, corsOrigins, rateLimit: limit } = app.config;
  const { ipHash: ipHashSecret, unsubscribe: unsubscribeSecret } = app.secrets;
  // With analytics on, each confirmation is also counted against the sign-up's visit.
  const store = app.analytics?.countingConfirmations(app.leads) ?? app.leads;
  await app.register(formbody, { bodyLimit: 4096 });
  // RFC 8058 allows the one-click POST as multipart too; its body says nothing we need (the token is in the URL).
  app.addContentTypeParser("multipart/form-data", { parseAs: "string", bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
  if (corsOrigins.length > 0) {
    await app.register(cors, { origin: [...corsOrigins], methods: ["POST"], allowedHeaders: ["Content-Type"], maxAge: 600 });
  }
  await app.register(rateLimit, {
    global: false,
    ...serverRateLimitStorage(app, "newsletter-rate:"),
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, outcome: "too-many" }),
  });
  const limited = { bodyLimit: 4096, config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs } } };

  app.post(NEWSLETTER_CONFIRM_ENDPOINT, limited, async (request, reply) => {
    const token = tokenOf(request);
    const outcome: ConfirmOutcome = token ? await store.confirmSubscription(hashConfirmToken(token), hashIp(ipHashSecret, request.ip)) : "invalid";
    return answer(reply, confirmStatus[outcome], outcome);
  });

  app.post(NEWSLETTER_UNSUBSCRIBE_ENDPOINT, limited, async (request, reply) => {
    const token = tokenOf(request);
    const subscriberId = token ? verifyUnsubscribeToken(unsubscribeSecret, token) : null;
    if (!subscriberId) return answer<UnsubscribeOutcome>(reply, 400, "invalid");
    // A genuine token whose subscriber was erased is unsubscribed all the same.
    await store.unsubscribe(subscriberId);
    return answer<UnsubscribeOutcome>(reply, 200, "unsubscribed");
  });

  // Someone (or a scanner) opening the List-Unsubscribe URL gets the page with its button, not an unsubscription.
  app.get(NEWSLETTER_UNSUBSCRIBE_ENDPOINT, async (request, reply) => {
    const page = new URL(paths.newsletterUnsubscribe, publicSiteUrl);
    const token = tokenOf(request);
    if (token) page.searchParams.set(TOKEN_PARAM, token);
    return reply.header("cache-control", "no-store").redirect(`${page.pathname}${page.search}`, 303);
  });
}
