import { createHash } from "node:crypto";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { apiMessages, CONTACT_ENDPOINT, limits, refusalPageCopy } from "../../contract/lead";
import { paths } from "../../contract/paths";
import { startTestApp, type TestApp } from "../app.test-support";
import { FORM_POST_REPEAT_MS, IDEMPOTENCY_KEY_TTL_MS } from "./contactus";
import { refusalPageCsp } from "./refusal-page";

// POST /api/contactus through app.inject: what each kind of client gets back,
// and what ends up stored.

const enquiry = {
  name: "Ann Example",
  email: "ann@example.co.uk",
  phone: "07700 900123",
  salutation: "Freelancer",
  sector: "Healthcare,IT & Technology",
  you_need: "Payroll,Other",
  message: "I need a payroll provider.",
};

const post = (app: FastifyInstance, payload: InjectOptions["payload"], headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload, headers });

const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };

function multipart(fields: Record<string, string>, file?: { name: string; content: string }) {
  const boundary = "----test-boundary-7MA4YWxk";
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  if (file) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n${file.content}\r\n`);
  return { payload: `${parts.join("")}--${boundary}--\r\n`, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** The contract's refusal shape. */
function expectRejected(response: { statusCode: number; json(): unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ status: false, message: expect.any(String), errors: expect.any(Object), data: { status: false } });
}

/** The page a browser's own form post gets when the contract refuses it: each problem, and a way back. */
function expectRefusalPage(response: { statusCode: number; headers: Record<string, unknown>; body: string }, problems: string[], formPage: string) {
  expect(response.statusCode).toBe(400);
  expect(String(response.headers["content-type"])).toMatch(/^text\/html/);
  expect(response.body).toContain(`<h1>${refusalPageCopy.title}</h1>`);
  for (const problem of problems) expect(response.body).toContain(`<li>${problem}</li>`);
  expect(response.body).toContain(`<a href="${formPage}">`);
  // Its one inline style is allowed by its hash; nothing else may load or run.
  expect(response.headers["content-security-policy"]).toBe(refusalPageCsp);
  expect(refusalPageCsp).toMatch(/style-src 'self' 'sha256-[\w+/=]+'/);
  expect(refusalPageCsp).toContain("default-src 'none'");
  // The hash is that of the style this page carries: otherwise a browser drops the style and shows the page bare.
  const style = /<style>([^<]*)<\/style>/.exec(response.body)?.[1];
  expect(style).toBeDefined();
  expect(refusalPageCsp).toContain(`'sha256-${createHash("sha256").update(style ?? "", "utf8").digest("base64")}'`);
}

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await startTestApp();
  app = t.app;
});
afterAll(() => t.close());

const countEnquiries = async () => (await app.leads.listEnquiries()).length;

describe("accepting leads", () => {
  it("stores an enquiry sent as multipart form data and answers with its id", async () => {
    const { payload, headers } = multipart({ ...enquiry, email: "multipart@example.co.uk" });
    const response = await post(app, payload, { ...headers, referer: "http://localhost:3000/contact?utm=x", "user-agent": "Mozilla/5.0 test" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: true, message: expect.any(String), data: { status: true, id: expect.any(String) } });
    const row = (await app.leads.listEnquiries()).find((item) => item.id === body.data.id);
    expect(row).toMatchObject({ email: "multipart@example.co.uk", role: "Freelancer", phone: "07700 900123", source_page: "/contact", user_agent: "Mozilla/5.0 test" });
    expect(JSON.parse(row!.needs)).toEqual(["Payroll", "Other"]);
    expect(row!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("stores an enquiry sent urlencoded or as JSON", async () => {
    const before = await countEnquiries();
    expect((await post(app, urlencoded(enquiry), formHeaders)).statusCode).toBe(200);
    expect((await post(app, enquiry)).statusCode).toBe(200);
    expect(await countEnquiries()).toBe(before + 2);
  });

  it("takes an email-only body as a newsletter sign-up, in each encoding", async () => {
    const mp = multipart({ email: "news1@example.co.uk" });
    for (const response of [
      await post(app, mp.payload, mp.headers),
      await post(app, urlencoded({ email: "news2@example.co.uk" }), formHeaders),
      await post(app, { email: "news3@example.co.uk" }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: true, data: { status: true } });
    }
    const emails = (await app.leads.listSubscribers()).map((row) => row.email);
    expect(emails).toEqual(expect.arrayContaining(["news1@example.co.uk", "news2@example.co.uk", "news3@example.co.uk"]));
  });

  it("answers a repeated sign-up exactly like a new one, revealing nothing", async () => {
    const first = await post(app, { email: "known@example.co.uk" });
    await app.leads.setSubscriberStatus("known@example.co.uk", "confirmed");
    const again = await post(app, { email: "KNOWN@example.co.uk" });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json().message).toBe(first.json().message);
    expect(again.json().data.id).not.toBe(first.json().data.id);
    const row = (await app.leads.listSubscribers()).find((item) => item.email === "known@example.co.uk");
    expect(row?.status).toBe("confirmed");
  });
});

describe("a sign-up the browser posts itself (the footer's form before it has hydrated)", () => {
  const navigation = (email: string, headers: Record<string, string>, extra: Record<string, string> = {}) => {
    const form = multipart({ email, ...extra });
    return post(app, form.payload, { ...form.headers, "sec-fetch-mode": "navigate", accept: "text/html,application/xhtml+xml", ...headers });
  };
  const subscriberCount = async (email: string) => (await app.leads.listSubscribers()).filter((row) => row.email === email).length;

  it("is stored, and the browser is sent to the 'check your email' page of the site it came from", async () => {
    const response = await navigation("early@example.co.uk", { referer: "http://localhost:3000/about", origin: "http://localhost:3000" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`http://localhost:3000${paths.newsletterSubscribed}`);
    expect(await subscriberCount("early@example.co.uk")).toBe(1);
  });

  it("goes to the public site's page when the Referer is not one of ours or is missing", async () => {
    for (const referer of ["https://elsewhere.example/page", undefined]) {
      const response = await navigation(`early-${referer ? "foreign" : "none"}@example.co.uk`, referer ? { referer } : {});
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`http://localhost:3000${paths.newsletterSubscribed}`);
    }
  });

  it("tells an older browser's form post (HTML accepted, no Sec-Fetch-Mode) from a script's", async () => {
    const form = multipart({ email: "older@example.co.uk" });
    const older = await post(app, form.payload, { ...form.headers, accept: "text/html,*/*;q=0.8" });
    expect(older.statusCode).toBe(303);
    const script = await post(app, form.payload, { ...form.headers, accept: "*/*", "sec-fetch-mode": "cors" });
    expect(script.statusCode).toBe(200);
    expect(script.json()).toMatchObject({ status: true });
  });

  it("answers a malformed address with a 400 page naming the problem, not JSON", async () => {
    const response = await navigation("not@an-email", { referer: "http://localhost:3000/about" });
    expectRefusalPage(response, ["Please enter a valid email address."], "http://localhost:3000/about");
    expect(await subscriberCount("not@an-email")).toBe(0);
  });
});

describe("an enquiry the browser posts itself (the contact form before it has hydrated)", () => {
  const navigation = (body: Record<string, string>, headers: Record<string, string> = {}) => {
    const form = multipart(body);
    return post(app, form.payload, { ...form.headers, "sec-fetch-mode": "navigate", accept: "text/html,application/xhtml+xml", ...headers });
  };

  it("is stored, and the browser is sent to the 'received' page of the site it came from", async () => {
    const email = "early.enquiry@example.co.uk";
    const response = await navigation({ ...enquiry, email }, { referer: "http://localhost:3000/contact", origin: "http://localhost:3000" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`http://localhost:3000${paths.contactReceived}`);
    const stored = (await app.leads.listEnquiries()).filter((row) => row.email === email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: enquiry.name, source_page: "/contact" });
  });

  it("answers bad fields with a 400 page listing each problem, never one that would claim it was received", async () => {
    const email = "spaces@example.co.uk";
    const response = await navigation({ ...enquiry, email, name: "   ", salutation: "Boss" }, { referer: "http://localhost:3000/contact?from=menu" });
    expectRefusalPage(response, ["Please enter your name.", "Please choose your role."], "http://localhost:3000/contact");
    expect((await app.leads.listEnquiries()).filter((row) => row.email === email)).toHaveLength(0);
  });

  it("takes the Sectors and Needs boxes as the browser sends them, one field per ticked box", async () => {
    const email = "ticked.boxes@example.co.uk";
    const boundary = "----browser-boundary";
    const parts = [...Object.entries({ ...enquiry, email, sector: "Healthcare", you_need: "Payroll" }), ["sector", "IT & Technology"], ["you_need", "Other"]];
    const payload = `${parts.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("")}--${boundary}--\r\n`;
    const response = await post(app, payload, { "content-type": `multipart/form-data; boundary=${boundary}`, "sec-fetch-mode": "navigate", accept: "text/html" });
    expect(response.statusCode).toBe(303);
    const [row] = (await app.leads.listEnquiries()).filter((item) => item.email === email);
    expect(JSON.parse(String(row?.sectors))).toEqual(["Healthcare", "IT & Technology"]);
    expect(JSON.parse(String(row?.needs))).toEqual(["Payroll", "Other"]);
  });

  it("is one enquiry when the same words come twice at once (a double press), and two when the words differ", async () => {
    const email = "double.press@example.co.uk";
    const from = { referer: "http://localhost:3000/contact", origin: "http://localhost:3000" };
    const [first, second] = await Promise.all([navigation({ ...enquiry, email }, from), navigation({ ...enquiry, email }, from)]);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    expect(second.headers.location).toBe(first.headers.location);
    expect((await app.leads.listEnquiries()).filter((row) => row.email === email)).toHaveLength(1);
    await navigation({ ...enquiry, email, message: "Something else." }, from);
    expect((await app.leads.listEnquiries()).filter((row) => row.email === email)).toHaveLength(2);
  });

  it("hears the same words again once FORM_POST_REPEAT_MS has passed", async () => {
    const email = "said.again@example.co.uk";
    await navigation({ ...enquiry, email });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + FORM_POST_REPEAT_MS + 60_000 });
    try {
      await navigation({ ...enquiry, email });
    } finally {
      vi.useRealTimers();
    }
    expect((await app.leads.listEnquiries()).filter((row) => row.email === email)).toHaveLength(2);
  });

  it("links the refusal page to the public site when the Referer is not one of ours", async () => {
    const response = await navigation({ ...enquiry, name: "" }, { referer: "https://elsewhere.example/contact" });
    expectRefusalPage(response, ["Please enter your name."], "http://localhost:3000/");
  });
});

describe("refusing bad input", () => {
  it.each([
    ["a malformed email", { ...enquiry, email: "not-an-email" }, "email"],
    ["a missing name", { ...enquiry, name: "" }, "name"],
    ["a missing role", { name: "Ann", email: "a@b.co" }, "salutation"],
    ["a role outside the options", { ...enquiry, salutation: "Boss" }, "salutation"],
    ["a sector outside the options", { ...enquiry, sector: "Healthcare,Space" }, "sector"],
    ["a need outside the options", { ...enquiry, you_need: "Holidays" }, "you_need"],
    ["an unknown field", { ...enquiry, consent: "on" }, "consent"],
    ["a name too long", { ...enquiry, name: "x".repeat(limits.name + 1) }, "name"],
    ["a phone too long", { ...enquiry, phone: "1".repeat(limits.phone + 1) }, "phone"],
    ["a message too long", { ...enquiry, message: "x".repeat(limits.message + 1) }, "message"],
    ["an email too long", { email: `${"x".repeat(limits.email)}@b.co` }, "email"],
    ["a newsletter body without email", { website: "" }, "email"],
  ])("400 for %s, naming the field", async (_label, body, field) => {
    const before = await countEnquiries();
    const response = await post(app, urlencoded(body as Record<string, string>), formHeaders);
    expectRejected(response, 400);
    expect(response.json().errors[field]).toEqual(expect.any(String));
    expect(await countEnquiries()).toBe(before);
  });

  it("413 for a body over 64 KiB, in each encoding", async () => {
    const big = { ...enquiry, message: "x".repeat(limits.bodyBytes) };
    expectRejected(await post(app, big), 413);
    expectRejected(await post(app, urlencoded(big), formHeaders), 413);
    const mp = multipart(big);
    expectRejected(await post(app, mp.payload, mp.headers), 413);
  });

  it("415 for a file in multipart, storing nothing", async () => {
    const before = await countEnquiries();
    const mp = multipart(enquiry, { name: "cv.pdf", content: "%PDF-1.4 ".repeat(500) });
    expectRejected(await post(app, mp.payload, mp.headers), 415);
    expect(await countEnquiries()).toBe(before);
  });

  it("415 for a content type that is not a form", async () => {
    expectRejected(await post(app, "email=a@b.co", { "content-type": "text/plain" }), 415);
    expectRejected(await post(app, "<x/>", { "content-type": "application/xml" }), 415);
  });

  it("never answers 500 to malformed bodies", async () => {
    const cases: [string, string][] = [
      ["application/json", "{"],
      ["application/json", "[1,2]"],
      ["application/json", "null"],
      ["application/json", '"email"'],
      ["application/json", '{"email":{"$ne":1}}'],
      ["application/json", '{"email":["a@b.co","c@d.co"]}'],
      ["application/json", '{"__proto__":{"polluted":1},"email":"a@b.co"}'],
      ["application/json", '{"constructor":{"prototype":{"x":1}}}'],
      ["application/json", '{"name":null,"email":"a@b.co","salutation":"Other"}'],
      ["application/x-www-form-urlencoded", "email=a@b.co&email=c@d.co"],
      ["application/x-www-form-urlencoded", "%%%=%%%"],
      ["application/x-www-form-urlencoded", "name&email"],
      ["application/x-www-form-urlencoded", "sector=Space,,,&name=A&email=a@b.co&salutation=Other"],
      ["multipart/form-data; boundary=abc", "--abc\r\nbroken"],
      ["multipart/form-data", "no boundary"],
      ["multipart/form-data; boundary=abc", "--abc--\r\n"],
    ];
    for (const [type, payload] of cases) {
      const response = await post(app, payload, { "content-type": type });
      expect(response.statusCode, `${type} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${type} ${payload}`).toBeLessThan(500);
      expectRejected(response, response.statusCode);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("400 for an Idempotency-Key that is too long or not printable ASCII", async () => {
    const long = await post(app, enquiry, { "idempotency-key": "k".repeat(201) });
    expectRejected(long, 400);
    expect(long.json().errors["Idempotency-Key"]).toBeDefined();
    expectRejected(await post(app, enquiry, { "idempotency-key": "clé\u00e9" }), 400);
  });
});

describe("anti-abuse", () => {
  beforeEach(() => {
    t.logs.length = 0;
  });

  it("stores a form submitted after MIN_SUBMIT_MS, or without the header", async () => {
    const before = await countEnquiries();
    expect((await post(app, enquiry, { "x-form-rendered-at": String(Date.now() - 10_000) })).statusCode).toBe(200);
    expect((await post(app, enquiry)).statusCode).toBe(200);
    expect(await countEnquiries()).toBe(before + 2);
  });

  it("stores one enquiry per Idempotency-Key and answers every retry with the same id", async () => {
    const before = await countEnquiries();
    const key = "3f0c2b9e-retry-test";
    const answers = await Promise.all([1, 2, 3].map(() => post(app, enquiry, { "idempotency-key": key })));
    const ids = new Set(answers.map((answer) => answer.json().data.id));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await countEnquiries()).toBe(before + 1);
  });

  it("scopes a key to its address: another client using it stores and gets its own enquiry", async () => {
    const before = await countEnquiries();
    const first = await post(app, enquiry, { "idempotency-key": "reused-key" });
    const other = await post(app, { ...enquiry, email: "someone.else@example.co.uk" }, { "idempotency-key": "reused-key" });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.id).not.toBe(first.json().data.id);
    expect(await countEnquiries()).toBe(before + 2);
    // The stored key is not the client's: it is bound to the kind and the address.
    expect((await app.leads.listEnquiries()).some((row) => row.idempotency_key === "reused-key")).toBe(false);
  });

  it("answers the same key with other words 409 with the contract's message, and stores nothing new", async () => {
    const before = await countEnquiries();
    const key = "edited-after-a-timeout";
    expect((await post(app, enquiry, { "idempotency-key": key })).statusCode).toBe(200);
    const edited = await post(app, { ...enquiry, message: `${enquiry.message} And one more thing.` }, { "idempotency-key": key });
    expect(edited.statusCode).toBe(409);
    expect(edited.json()).toMatchObject({ status: false, message: apiMessages.keyReused });
    expect(await countEnquiries()).toBe(before + 1);
  });

  it("treats a key older than a day as new", async () => {
    const before = await countEnquiries();
    const key = "a-key-from-yesterday";
    const first = await post(app, enquiry, { "idempotency-key": key });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + IDEMPOTENCY_KEY_TTL_MS + 60_000 });
    try {
      const later = await post(app, enquiry, { "idempotency-key": key });
      expect(later.statusCode).toBe(200);
      expect(later.json().data.id).not.toBe(first.json().data.id);
      // And within the day after that, the key answers with the new enquiry.
      expect((await post(app, enquiry, { "idempotency-key": key })).json().data.id).toBe(later.json().data.id);
    } finally {
      vi.useRealTimers();
    }
    expect(await countEnquiries()).toBe(before + 2);
  });

  it("gives a dropped submission the same id on retry, as a real one gets", async () => {
    const headers = { "idempotency-key": "bot-key", "x-form-rendered-at": String(Date.now()) };
    const first = await post(app, enquiry, headers);
    const second = await post(app, enquiry, headers);
    expect(first.json().data.id).toBe(second.json().data.id);
  });
});

describe("logging", () => {
  it("writes one line per request and no name, email, phone or message", async () => {
    t.logs.length = 0;
    const mp = multipart({ ...enquiry, name: "Zebedee Quux", email: "zebedee@secret.example", phone: "07000111222", message: "private words" });
    await post(app, mp.payload, { ...mp.headers, referer: "http://localhost:3000/contact" });
    await post(app, urlencoded({ name: "Zebedee Quux", email: "zebedee@secret.example", salutation: "Nope" }), formHeaders);
    // The outbox worker may log deliveries of earlier tests' leads meanwhile: count the request lines.
    const requestLines = t.logs.filter((line) => (JSON.parse(line) as { msg?: string }).msg === "request");
    expect(requestLines).toHaveLength(2);
    // Every line, the worker's included, is checked for personal data.
    const all = t.logs.join("\n");
    for (const secret of ["Zebedee", "zebedee@secret.example", "07000111222", "private words"]) expect(all).not.toContain(secret);
  });

  it("writes the request line at every level that shows info lines, and none at a level above it", async () => {
    const requestLinesAt = async (level: string) => {
      const at = await startTestApp({ LOG_LEVEL: level });
      try {
        await at.app.inject({ method: "GET", url: "/healthz" });
        return at.logs.filter((line) => (JSON.parse(line) as { msg?: string }).msg === "request").length;
      } finally {
        await at.close();
      }
    };
    expect(await requestLinesAt("debug")).toBe(1);
    expect(await requestLinesAt("warn")).toBe(0);
  });

  it("redacts personal fields wherever they appear in a log object", async () => {
    t.logs.length = 0;
    app.log.info({ email: "leak@example.co.uk", body: { name: "Leaky" }, lead: { phone: "0123", message: "m" } }, "probe");
    const line = t.logs.join("\n");
    expect(line).toContain("probe");
    for (const secret of ["leak@example.co.uk", "Leaky", "0123", '"m"']) expect(line).not.toContain(secret);
  });
});

describe("failures", () => {
  it("answers 500 with the contract's shape and no internals when the store fails", async () => {
    const broken = await startTestApp();
    await broken.app.leads.close();
    const response = await post(broken.app, enquiry);
    expectRejected(response, 500);
    expect(response.body).not.toMatch(/sqlite|kysely|stack|Error:/i);
    const logged = broken.logs.join("\n");
    expect(logged).toContain("contactus failed");
    expect(logged).not.toContain(enquiry.email);
    expect(logged).not.toContain(enquiry.name);
    await broken.close().catch(() => undefined);
  });
});
