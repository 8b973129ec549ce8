import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// Real peers for the outbox tests: an SMTP server and an HTTP receiver on
// 127.0.0.1, each able to go down and come back on the same port, and a small
// parser for the messages they receive.

export async function waitFor<T>(probe: () => T | Promise<T>, { timeoutMs = 10_000, what = "condition" } = {}): Promise<Exclude<NonNullable<T>, false | 0 | "">> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Exclude<NonNullable<T>, false | 0 | "">;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  url: string;
  messages: ReceivedMail[];
  /** Recipients answered 550 (a permanent rejection). */
  rejectRecipients: Set<string>;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function smtpPeer(): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const rejectRecipients = new Set<string>();
  let port = 0;
  let server: SMTPServer;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (rejectRecipients.has(address.address)) {
            const error = new Error(`5.1.1 <${address.address}>: Mailbox does not exist`) as Error & { responseCode: number };
            error.responseCode = 550;
            return callback(error);
          }
          callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            messages.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((item) => item.address),
              raw: Buffer.concat(chunks).toString("utf8"),
            });
            callback(null);
          });
        },
      });
      server.on("error", () => undefined);
      server.listen(port, "127.0.0.1", () => {
        port = (server.server.address() as AddressInfo).port;
        resolve();
      });
      server.server.once("error", reject);
    });
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rejectRecipients,
    down: stop,
    up: start,
    close: stop,
  };
}

export interface ReceivedCall {
  headers: IncomingMessage["headers"];
  body: string;
}

export interface HttpReceiver {
  url: string;
  /** Every call, answered or not. */
  calls: ReceivedCall[];
  /** Calls answered 2xx. */
  accepted: ReceivedCall[];
  /** The status to answer with next; 200 unless a test says otherwise. */
  status: number;
  /** How long to wait before answering. */
  delayMs: number;
  close(): Promise<void>;
}

export async function httpReceiver(): Promise<HttpReceiver> {
  const receiver: HttpReceiver = {
    url: "",
    calls: [],
    accepted: [],
    status: 200,
    delayMs: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const call = { headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      receiver.calls.push(call);
      const { status } = receiver;
      const number = receiver.calls.length;
      setTimeout(() => {
        if (status >= 200 && status < 300) receiver.accepted.push(call);
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify({ received: status < 300, crm_id: `crm-${number}` }));
      }, receiver.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`;
  return receiver;
}

export interface ParsedMail {
  /** Header values, unfolded and decoded; keys lower-case. */
  headers: Map<string, string>;
  text: string;
  html: string;
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(data.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** Enough MIME for our own messages: headers, and the text and HTML parts. */
export function parseMail(raw: string): ParsedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
    }
  }
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (type.startsWith("multipart/") && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1).map((part) => parseMail(part.replace(/^\r?\n/, "")));
    return { headers, text: parts.map((part) => part.text).join(""), html: parts.map((part) => part.html).join("") };
  }
  const decoded = decodeBody(body, headers.get("content-transfer-encoding")?.toLowerCase());
  return { headers, text: type.startsWith("text/plain") ? decoded : "", html: type.startsWith("text/html") ? decoded : "" };
}

/** A second connection to a test app's database, to read the outbox as the admin pages would. */
export async function outboxReader(options: { databaseUrl?: string; dataDir: string }) {
  const { openDatabase } = await import("../store/database");
  const { db } = await openDatabase(options);
  return {
    rowsFor: (email: string) => db.selectFrom("outbox").selectAll().where("lead_email", "=", email.toLowerCase()).orderBy("created_at").execute(),
    all: () => db.selectFrom("outbox").selectAll().orderBy("created_at").execute(),
    attempts: (outboxId: string) => db.selectFrom("delivery_attempts").selectAll().where("outbox_id", "=", outboxId).orderBy("attempted_at").execute(),
    db,
    close: () => db.destroy(),
  };
}
