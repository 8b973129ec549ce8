import { createHash, createHmac } from "node:crypto";
import cors from "@fastify/cors";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  apiMessages,
  CHALLENGE_ENDPOINT,
  CONFIRM_ENDPOINT,
  CONSENT_VERSION,
  CONTACT_ENDPOINT,
  fields as wire,
  headers,
  idempotencyKeyPattern,
  limits,
  parseLead,
  type AcceptedResponse,
  type FieldErrors,
  type RejectedResponse,
} from "../../contract/lead";
import { NEWSLETTER_CONSENT_VERSION } from "../../contract/newsletter";
import { paths } from "../../contract/paths";
import { safeError } from "../logging";
import { signUp } from "../newsletter/sign-up";
import { spamSummary } from "../store/spam-store";
import { enqueue } from "../store/outbox-store";
import { deliverySettings, enquiryDeliveries } from "../outbox/lead-deliveries";
import { serverRateLimitStorage } from "./rate-limit-store";
import { HttpError, multipartLimits, readFields } from "./read-fields";
import { refusalPage, refusalPageCsp } from "./refusal-page";
import type { SpamReasonName } from "../../contract/admin";
import { CONFIRM_TOKEN_FIELD } from "../../contract/send-confirm";
import { createProofOfWork, memorySpentProofs, redisSpentProofs } from "../spam/proof-of-work";
import { sendConfirmTokens } from "../spam/send-confirm";
import { fillSendConfirmPage } from "../spam/send-confirm-page";
import { isBrowserUserAgent, SPAM_THRESHOLD, spamSignals, type Sender } from "../spam/signals";
import type { SuspectedSpamRow } from "../store/schema";
import { hashIp, isFormNavigation, opaqueId, sourceOrigin, sourcePageOf, truncatedUserAgent } from "./visitor";

// POST /api/contactus: the newsletter sign-up and the enquiry form. Reads
// multipart, urlencoded or JSON; validates with the shared contract; stores the
// lead durably before answering that it was accepted. A submission that looks
// like spam (server/spam/signals.ts) gets the same answer but is held in the
// inbox's Spam view, with no email, CRM call or conversion, until the owner decides.
// One the browser posted itself (no page script) is held as "not confirmed" and
// answered with a page showing it and one Send button (POST /confirm), whose
// press sends it on as the owner's "Not spam" does (server/spam/send-confirm.ts) and counts the
// conversion an in-place submission counts.

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long the browser's own post of an enquiry (the form before its script
 * has run) is recognised when it comes again with the same words from the same
 * visitor: a double press sends two POSTs (Chromium sends the first before the
 * second press cancels its navigation), and they must be one lead. Short, so a
 * person who sends the same words again later is heard again.
 */
export const FORM_POST_REPEAT_MS = 10 * 60 * 1000;

/**
 * The key a browser's own form post stands for: it carries none (the page is
 * pre-rendered, the same for everyone, so it cannot carry a one-time token),
 * so the visitor and every word they sent make it one.
 */
export const formPostKey = (ipHash: string, fields: object) =>
  `form-post:${ipHash}:${createHash("sha256").update(JSON.stringify(fields)).digest("hex")}`;

/**
 * The key as stored: bound to the kind of lead and the address it came with
 * (keyed, so the column reveals neither). A client reusing another's key with
 * its own address gets its own enquiry, never the other's answer.
 */
export const scopedIdempotencyKey = (secret: string, kind: "enquiry", email: string, key: string) =>
  createHmac("sha256", secret).update(`idempotency:${kind}:${email}:${key}`).digest("hex");

/**
 * Whom a proof of work is spent for: one submission, its key and its address.
 * A retry of the same submission may send its proof again; the same proof with
 * another address is a copied request, a replay. The same key and address
 * with other words is refused by the store (409), so it cannot pass either.
 */
export const proofOwner = (secret: string, kind: string, key: string | undefined, email: string) =>
  key === undefined ? "" : createHmac("sha256", secret).update(`proof:${kind}:${email}:${key}`).digest("hex");

/** Headers only the page's own script sends: a browser's form post cannot. */
const scriptOnlyHeaders = [headers.idempotencyKey, headers.renderedAt, headers.proofOfWork, headers.automated, headers.shownMs, headers.fillMs];

/**
 * Who sent the request, as far as its headers tell: the page's script (Fetch
 * Metadata says cors or same-origin, or it carries a header only the script
 * sends, or JSON), the browser's own form post (a navigation, or from an
 * older browser without Fetch Metadata one that accepts HTML), or neither.
 * Every one of them must name a browser in its User-Agent.
 */
export function senderOf(header: (name: string) => string | undefined): Sender {
  if (!isBrowserUserAgent(header("user-agent"))) return "other";
  const mode = header("sec-fetch-mode");
  if (mode === "cors" || mode === "same-origin") return "page-script";
  if (scriptOnlyHeaders.some((name) => header(name) !== undefined) || /^application\/json\b/i.test(header("content-type") ?? "")) return "page-script";
  return isFormNavigation(mode, header("accept")) ? "form-post" : "other";
}

/** A held submission its sender's one press may send: held as "not confirmed" and for nothing that would hold it by itself. */
const awaitsConfirmation = (row: SuspectedSpamRow) => spamSummary(row).reasons.includes("not-confirmed") && Number(row.score) < 2 * SPAM_THRESHOLD;

/** A duration header in milliseconds: digits only, anything else counts as none. */
const durationMs = (value: string | undefined) => (value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

/** Why a request ended as it did; logged in the request's one log line, never with personal data. */
export type LeadOutcome = "stored" | "replayed" | "subscribed" | "quarantined" | "unconfirmed" | "confirmed";

declare module "fastify" {
  interface FastifyRequest {
    leadOutcome: LeadOutcome | null;
    /** The spam signals a stored submission showed (metrics count them by reason). */
    spamReasons: readonly SpamReasonName[] | null;
  }
}

const accepted = (message: string, id: string): AcceptedResponse => ({ status: true, message, data: { status: true, id } });
const rejected = (message: string, errors: FieldErrors = {}): RejectedResponse => ({ status: false, message, errors, data: { status: false } });

const messageFor: Record<number, string> = {
  400: apiMessages.unreadable,
  403: apiMessages.forbidden,
  409: apiMessages.keyReused,
  411: apiMessages.lengthRequired,
  413: apiMessages.tooLarge,
  415: apiMessages.unsupportedType,
  429: apiMessages.tooMany,
};

/** Fastify's own 415 codes for a missing or unknown content type. */
const unsupportedCodes = new Set(["FST_ERR_CTP_INVALID_MEDIA_TYPE", "FST_ERR_CTP_INVALID_CONTENT_LENGTH"]);

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The routes under CONTACT_ENDPOINT; everything they use is read from the instance. */
export async function contactUsRoutes(app: FastifyInstance) {
  const { config, leads: store, spam } = app;
  const { publicSiteUrl, corsOrigins, minSubmitMs, spamFilter, confirmationResendMinMs } = config;
  const ipHashSecret = app.secrets.ipHash;
  // What a new lead sends (emails, CRM call): written to the outbox in the lead's transaction.
  const deliveries = deliverySettings(config, app.secrets.unsubscribe);
  // Counts each new lead against the visit that produced it (analytics; off when absent).
  const analytics = app.analytics?.leads;
  // Proofs are spent once across instances with Redis, in this instance's memory without.
  const proofOfWork = createProofOfWork({ secret: ipHashSecret, spent: app.redis ? redisSpentProofs(app.redis) : memorySpentProofs() });
  const onEnqueued = () => app.outbox.poke();
  // The one press that sends a form the browser posted itself.
  const confirmTokens = sendConfirmTokens(ipHashSecret);
  const siteOrigins = new Set([publicSiteUrl.origin, ...corsOrigins]);
  const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  /** Origins whose pages may carry our forms: the site's, the configured ones, and this server's own. */
  const pageOrigins = (request: FastifyRequest) => new Set([...siteOrigins, ownOrigin(request)]);

  app.decorateRequest("leadOutcome", null);
  app.decorateRequest("spamReasons", null);
  // Only the three encodings the forms use; text/plain is not a form.
  app.removeContentTypeParser("text/plain");
  await app.register(formbody, { bodyLimit: limits.bodyBytes });
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: false });
  await app.register(rateLimit, {
    global: false,
    // A Redis outage neither turns leads away nor lifts the limit: counted in memory meanwhile.
    ...serverRateLimitStorage(app, "contactus-rate:"),
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: apiMessages.tooMany }),
  });
  if (corsOrigins.length > 0) {
    await app.register(cors, {
      origin: [...corsOrigins],
      methods: ["POST"],
      allowedHeaders: ["Content-Type", ...scriptOnlyHeaders],
      maxAge: 600,
    });
  }

  // Every refusal has the contract's shape and a fixed message: nothing internal leaks.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (error.code && unsupportedCodes.has(error.code)) status = 415;
    if (status === 500) request.log.error({ err: safeError(error) }, "contactus failed");
    return reply.code(status).send(rejected(messageFor[status] ?? apiMessages.failed));
  });

  // A browser always sends Origin on a cross-site POST: refuse one from a site we do not know.
  app.addHook("onRequest", async (request, reply) => {
    const origin = headerValue(request, "origin");
    if (origin !== undefined && !siteOrigins.has(origin) && origin !== ownOrigin(request)) {
      return reply.code(403).send(rejected(apiMessages.forbidden));
    }
    const declared = headerValue(request, "content-length");
    if (Number(declared ?? 0) > limits.bodyBytes) return reply.code(413).send(rejected(apiMessages.tooLarge));
    // Fastify counts JSON and urlencoded bodies as they stream; the multipart parser reads the raw
    // request, so its size is checked here, and a multipart body without a length (chunked) is refused.
    if (declared === undefined && /^multipart\//i.test(headerValue(request, "content-type") ?? "")) return reply.code(411).send(rejected(apiMessages.lengthRequired));
  });

  /**
   * A lead answered as accepted. The forms post natively until their script has
   * hydrated them: that browser navigated here, so it is sent on to a page of
   * the site it came from, not shown JSON.
   */
  const acceptLead = (request: FastifyRequest, reply: FastifyReply, message: string, id: string, page: string) => {
    if (!isFormNavigation(headerValue(request, "sec-fetch-mode"), headerValue(request, "accept"))) return reply.send(accepted(message, id));
    const from = sourceOrigin(headerValue(request, "referer"), pageOrigins(request));
    return reply.redirect(new URL(page, from ?? publicSiteUrl).href, 303);
  };
  /** Fields the contract refuses: JSON for a script, a page naming each problem for a browser's own form post. */
  const refuseFields = (request: FastifyRequest, reply: FastifyReply, errors: FieldErrors) => {
    reply.code(400);
    if (!isFormNavigation(headerValue(request, "sec-fetch-mode"), headerValue(request, "accept"))) return reply.send(rejected(apiMessages.invalid, errors));
    const referer = headerValue(request, "referer");
    const origins = pageOrigins(request);
    const from = sourceOrigin(referer, origins);
    const page = from ? `${from}${sourcePageOf(referer, origins) ?? "/"}` : publicSiteUrl.href;
    return reply.type("text/html; charset=utf-8").header("content-security-policy", refusalPageCsp).send(refusalPage(errors, page));
  };
  const acceptSignUp = (request: FastifyRequest, reply: FastifyReply, key: string | undefined) =>
    acceptLead(request, reply, apiMessages.subscribed, opaqueId(ipHashSecret, key), paths.newsletterSubscribed);
  const acceptEnquiry = (request: FastifyRequest, reply: FastifyReply, id: string) =>
    acceptLead(request, reply, apiMessages.enquiryReceived, id, paths.contactReceived);

  /** A page of the served build, answered from here with its own CSP; undefined without one. */
  const sitePage = async (urlPath: string) => app.servedSite.current?.page(urlPath);
  /** "One more step": what was sent and one Send button, in the site's layout and words. */
  const askToConfirm = async (reply: FastifyReply, status: number, fill: Parameters<typeof fillSendConfirmPage>[1]) => {
    const page = await sitePage(paths.sendConfirm);
    if (!page) {
      // Held all the same (the owner can release it): only the page to send it from is missing.
      reply.log.error({ page: paths.sendConfirm }, "the served build has no confirmation page: run the build");
      return reply.code(503).send(rejected(apiMessages.failed));
    }
    return reply
      .code(status)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex")
      .header("content-security-policy", page.csp)
      .send(fillSendConfirmPage(page.html, fill));
  };
  /** A press of Send that sent nothing: the page saying why, or the contract's JSON for a script. */
  const notSent = async (request: FastifyRequest, reply: FastifyReply, status: number, urlPath: string, message: string) => {
    reply.code(status).header("cache-control", "no-store");
    const page = isFormNavigation(headerValue(request, "sec-fetch-mode"), headerValue(request, "accept")) ? await sitePage(urlPath) : undefined;
    if (!page) return reply.send(rejected(message));
    return reply.type("text/html; charset=utf-8").header("x-robots-tag", "noindex").header("content-security-policy", page.csp).send(page.html);
  };
  // What a confirmed submission sends: exactly what the owner's "Not spam" sends.
  const release = { store, deliveries, resendMinMs: confirmationResendMinMs };

  // A challenge for the form's proof of work: fetched once the visitor starts a form, never cached.
  app.get(CHALLENGE_ENDPOINT.slice(CONTACT_ENDPOINT.length), async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return proofOfWork.challenge();
  });

  // Both posts (the form's and the "one more step" page's Send) take the same body limit and rate limit.
  const postOptions = {
    bodyLimit: limits.bodyBytes,
    config: { rateLimit: { max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs } },
  };
  /** The posted fields, or undefined once an unreadable body has been answered with its refusal. */
  async function fieldsOrRefusal(request: FastifyRequest, reply: FastifyReply): Promise<Record<string, unknown> | undefined> {
    try {
      return await readFields(request);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await reply.code(error.statusCode).send(rejected(messageFor[error.statusCode] ?? apiMessages.unreadable));
      return undefined;
    }
  }

  // The Send button of the "one more step" page: a plain form post carrying the held submission's token.
  app.post(
    CONFIRM_ENDPOINT.slice(CONTACT_ENDPOINT.length),
    postOptions,
    async (request, reply) => {
      const body = await fieldsOrRefusal(request, reply);
      if (!body) return reply;
      const check = confirmTokens.check(body[CONFIRM_TOKEN_FIELD]);
      if (!check.ok && check.reason === "invalid") return notSent(request, reply, 400, paths.sendInvalid, apiMessages.confirmInvalid);
      if (!check.ok && check.reason === "expired") return notSent(request, reply, 410, paths.sendExpired, apiMessages.confirmExpired);
      const row = await spam.held(check.id);
      // Released (by this button or the owner), deleted, or held for more than the missing press.
      if (!row || !awaitsConfirmation(row)) return notSent(request, reply, 409, paths.sendUsed, apiMessages.confirmUsed);
      if (!check.ok) {
        // Too soon to be a person who read the page: the same page again, asking to wait; the same token works then.
        reply.header("retry-after", String(Math.ceil(check.waitMs / 1000)));
        const fields = spamSummary(row).fields;
        return askToConfirm(reply, 425, { kind: row.kind, fields, token: String(body[CONFIRM_TOKEN_FIELD]), early: true });
      }
      const released = await spam.release(row.id, release);
      if (!released) return notSent(request, reply, 409, paths.sendUsed, apiMessages.confirmUsed);
      onEnqueued();
      // The conversion an in-place submission counts when it is stored, counted once: a second press finds no row,
      // and a release that repeats a lead already stored is not a new one.
      if (released.created) await analytics?.lead(request, released.kind === "enquiry" ? "enquiry" : "signup", released.sourcePage, released.email);
      request.leadOutcome = "confirmed";
      return row.kind === "enquiry" ? acceptEnquiry(request, reply, released.enquiryId ?? row.id) : acceptSignUp(request, reply, undefined);
    },
  );

  app.post(
    "/",
    postOptions,
    async (request, reply) => {
      const body = await fieldsOrRefusal(request, reply);
      if (!body) return reply;
      const key = headerValue(request, headers.idempotencyKey);
      if (key !== undefined && !idempotencyKeyPattern.test(key)) {
        return reply.code(400).send(rejected(apiMessages.invalid, { [headers.idempotencyKey]: "Must be 1–200 printable ASCII characters." }));
      }

      // How long the form was on screen: the browser's own measure, else from when it says it was shown
      // (a client clock ahead of ours gives a negative age: we cannot judge it, so it counts as none).
      const renderedAt = headerValue(request, headers.renderedAt);
      const sinceRendered = renderedAt !== undefined && /^\d{1,15}$/.test(renderedAt) ? Date.now() - Number(renderedAt) : undefined;
      const ageMs = durationMs(headerValue(request, headers.shownMs)) ?? (sinceRendered !== undefined && sinceRendered >= 0 ? sinceRendered : undefined);

      const parsed = parseLead(body);
      if (!parsed.ok) return refuseFields(request, reply, parsed.errors);

      const sourcePage = sourcePageOf(headerValue(request, "referer"), pageOrigins(request));
      const ipHash = hashIp(ipHashSecret, request.ip);
      const email = parsed.lead.email;
      // A retry of one submission carries its proof again with its key and address: that is not a replay.
      const owner = proofOwner(ipHashSecret, parsed.kind, key, email);
      const sender = senderOf((name) => headerValue(request, name));
      const verdict = spamSignals({
        sender,
        honeypot: body[wire.honeypot],
        ageMs,
        fillMs: durationMs(headerValue(request, headers.fillMs)),
        minSubmitMs,
        proof: await proofOfWork.check(headerValue(request, headers.proofOfWork), owner),
        automated: headerValue(request, headers.automated) === "1",
        text: parsed.kind === "enquiry" ? `${parsed.lead.name}\n${parsed.lead.message}` : "",
      });
      request.spamReasons = verdict.reasons;

      if (verdict.spam && spamFilter) {
        // Held, not delivered: the same answer as an accepted lead, so a bot learns nothing.
        const held = {
          kind: parsed.kind,
          email,
          fields: parsed.lead,
          reasons: verdict.reasons,
          score: verdict.score,
          consentVersion: parsed.kind === "enquiry" ? CONSENT_VERSION : NEWSLETTER_CONSENT_VERSION,
          sourcePage,
          userAgent: truncatedUserAgent(headerValue(request, "user-agent")),
          ipHash,
        };
        // A double press of the native post (two POSTs) is one submission waiting for its press.
        const again = verdict.confirmable ? await spam.heldAgain(held, "not-confirmed", new Date(Date.now() - FORM_POST_REPEAT_MS)) : undefined;
        const id = again ?? (await spam.quarantine(held));
        if (verdict.confirmable) {
          // The browser's own post: held until the visitor's one press on the page it gets.
          request.leadOutcome = "unconfirmed";
          return askToConfirm(reply, 200, { kind: parsed.kind, fields: parsed.lead, token: confirmTokens.issue(id) });
        }
        request.leadOutcome = "quarantined";
        return parsed.kind === "enquiry" ? acceptEnquiry(request, reply, opaqueId(ipHashSecret, key)) : acceptSignUp(request, reply, key);
      }

      if (parsed.kind === "newsletter") {
        const outcome = await signUp(store, { email: parsed.lead.email, consentVersion: NEWSLETTER_CONSENT_VERSION, sourcePage, ipHash }, { deliveries, resendMinMs: confirmationResendMinMs });
        if (outcome !== "unchanged") {
          onEnqueued();
          await analytics?.lead(request, "signup", sourcePage, parsed.lead.email);
        }
        request.leadOutcome = "subscribed";
        // Same answer whether or not the address was already known.
        return acceptSignUp(request, reply, key);
      }

      const lead = parsed.lead;
      // The page's script sends its own key; the browser's own post gets one from the visitor and its words.
      const formPost = key === undefined && isFormNavigation(headerValue(request, "sec-fetch-mode"), headerValue(request, "accept"));
      const sentKey = formPost ? formPostKey(ipHash, lead) : key;
      const storedKey = sentKey === undefined ? null : scopedIdempotencyKey(ipHashSecret, "enquiry", lead.email, sentKey);
      const keptFor = formPost ? FORM_POST_REPEAT_MS : IDEMPOTENCY_KEY_TTL_MS;
      if (storedKey) await store.releaseIdempotencyKey(storedKey, new Date(Date.now() - keptFor).toISOString());
      const saved = await store.saveEnquiry({
        ...parsed.lead,
        consentVersion: CONSENT_VERSION,
        sourcePage,
        userAgent: truncatedUserAgent(headerValue(request, "user-agent")),
        ipHash,
        idempotencyKey: storedKey,
      }, async (trx, row) => void (await enqueue(trx, enquiryDeliveries(row, deliveries))));
      if (saved.status === "created") {
        onEnqueued();
        await analytics?.lead(request, "enquiry", sourcePage);
      }
      if (saved.status === "conflict") return reply.code(409).send(rejected(apiMessages.keyReused, { [headers.idempotencyKey]: apiMessages.keyReused }));
      request.leadOutcome = saved.status === "created" ? "stored" : "replayed";
      return acceptEnquiry(request, reply, saved.id);
    },
  );
}

