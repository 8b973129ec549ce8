import { rm } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createMailer, MAIL_FOLDER, type Mailer } from "../mail/mailer";
import type { EmailPayload, WebhookPayload } from "../store/outbox-store";
import { DeliveryError } from "./delivery-error";
import { postWebhook } from "./webhook";
import { createOutboxWorker, type OutboxWorker } from "./worker";

// The outbox: rows written with each lead, delivered by a worker that starts
// when the server is ready and, on close, finishes the delivery in flight
// before the store closes (the database plugin was registered before this one).

declare module "fastify" {
  interface FastifyInstance {
    /** Delivers the outbox (emails, CRM calls) in the background; `poke()` when a row was queued. */
    outbox: OutboxWorker;
    mailer: Mailer;
  }
}

export const outboxPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, dataDir: config.dataDir, from: config.mail.from });
    const webhookSecret = config.webhook?.secret;
    const webhookUrl = config.webhook?.url;
    const worker = createOutboxWorker({
      queue: app.outboxQueue,
      ...config.outbox,
      log: app.log,
      deliver: app.metrics.countDeliveries(async (row) => {
        if (row.channel === "email") return mailer.send(row.id, JSON.parse(row.payload) as EmailPayload);
        // Sent to the URL and signed with the secret configured now (neither is stored with the row);
        // without them (forwarding switched off since) it waits for them.
        if (!webhookUrl || !webhookSecret) throw new DeliveryError("LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET are not set");
        const { body } = JSON.parse(row.payload) as WebhookPayload;
        return postWebhook({ url: webhookUrl, body }, webhookSecret);
      }),
      // Erased while it was being written: the mail file goes too.
      discard: async (row) => {
        if (row.channel === "email" && mailer.kind === "file") await rm(path.join(config.dataDir, MAIL_FOLDER, `${row.id}.eml`), { force: true });
      },
    });
    app.decorate("mailer", mailer);
    app.decorate("outbox", worker);
    app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", async () => {
      await worker.stop();
      mailer.close();
    });
  },
  { name: "outbox", dependencies: ["config", "outboxQueue", "metrics"] },
);
