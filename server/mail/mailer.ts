import { chmod, mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { EmailPayload } from "../store/outbox-store";
import { DeliveryError } from "../outbox/delivery-error";

// Sends an outbox email: over SMTP when SMTP_URL is set, otherwise into
// DATA_DIR/outbox-mail/<outbox id>.eml, so a fresh machine loses nothing.

export const MAIL_FOLDER = "outbox-mail";

export interface Mailer {
  readonly kind: "smtp" | "file";
  /** Resolves to the peer's answer (SMTP reply or the file written); throws a DeliveryError. */
  send(outboxId: string, email: EmailPayload): Promise<string>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  dataDir: string;
  /** The From address: its domain names the Message-IDs. */
  from: string;
}

/** The domain part of an address such as "Name <a@example.co.uk>". */
function domainOf(address: string): string {
  const match = /@([A-Za-z0-9.-]+)/.exec(address);
  return match?.[1] ?? "localhost";
}

function message(outboxId: string, email: EmailPayload, domain: string) {
  return {
    from: email.from,
    to: email.to,
    replyTo: email.replyTo,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: email.headers,
    // Derived from the outbox row: a resend after a crash carries the same id, so the receiver can drop the duplicate.
    messageId: `<${outboxId}@${domain}>`,
  };
}

/** SMTP answers: a 5xx for the recipient is final; anything else (connection, 4xx, auth) is worth retrying. */
function smtpError(error: unknown): DeliveryError {
  const details = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const permanent = details.code === "EENVELOPE" && typeof details.responseCode === "number" && details.responseCode >= 500;
  return new DeliveryError(details.message ?? String(error), { permanent, response: details.response });
}

export function createMailer({ smtpUrl, dataDir, from }: MailerOptions): Mailer {
  const domain = domainOf(from);
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      // An unreachable server must fail the attempt soon, not hold the worker.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      kind: "smtp",
      async send(outboxId, email) {
        try {
          const info = await transport.sendMail(message(outboxId, email, domain));
          return String((info as { response?: string }).response ?? "accepted");
        } catch (error) {
          throw smtpError(error);
        }
      },
      close: () => transport.close(),
    };
  }

  const folder = path.join(dataDir, MAIL_FOLDER);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  // Made once, on the first message, and again when it could not be made or a write finds it gone.
  let folderReady: Promise<unknown> | undefined;
  const ensureFolder = () =>
    (folderReady ??= mkdir(folder, { recursive: true, mode: 0o700 })
      .then(() => chmod(folder, 0o700))
      .catch((error: unknown) => {
      folderReady = undefined;
      throw error;
    }));
  return {
    kind: "file",
    async send(outboxId, email) {
      try {
        const info = await transport.sendMail(message(outboxId, email, domain));
        const file = path.join(folder, `${outboxId}.eml`);
        // Written whole or not at all: a crash never leaves half a message.
        const write = async () => {
          await ensureFolder();
          await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
        };
        await write().catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
          folderReady = undefined;
          await write();
        });
        await rename(`${file}.tmp`, file);
        return `written to ${MAIL_FOLDER}/${outboxId}.eml`;
      } catch (error) {
        throw new DeliveryError((error as Error).message);
      }
    },
    close: () => transport.close(),
  };
}
