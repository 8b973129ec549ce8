import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../server/app.test-support";
import { enquiryRequest, lastRun, newsletterRequest, percentile } from "./api";

let test: TestApp;
beforeEach(async () => {
  test = await startTestApp();
});
afterEach(async () => {
  await test.close();
});

it("the bench's leads are accepted and stored by the real route, so it measures storing, not refusals", async () => {
  for (const lead of [enquiryRequest("bench-enquiry@example.com"), newsletterRequest("bench-sign-up@example.com")]) {
    const answer = await test.app.inject({ method: "POST", url: "/api/contactus", headers: lead.headers, payload: lead.body });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  const enquiries = await test.app.leads.listEnquiries();
  const subscribers = await test.app.leads.listSubscribers();
  expect(enquiries.map((row) => row.email)).toEqual(["bench-enquiry@example.com"]);
  expect(subscribers.map((row) => row.email)).toEqual(["bench-sign-up@example.com"]);
});

it("the refused row's enquiry is answered 400 before anything is stored", async () => {
  const lead = enquiryRequest("not-an-email");
  const answer = await test.app.inject({ method: "POST", url: "/api/contactus", headers: lead.headers, payload: lead.body });
  expect(answer.statusCode).toBe(400);
  expect(await test.app.leads.listEnquiries()).toEqual([]);
});

it("p99 is the value 99 % of samples are at or under", () => {
  const samples = Array.from({ length: 1000 }, (_, index) => 1000 - index);
  expect(percentile(samples, 0.99)).toBe(990);
  expect(percentile([7], 0.99)).toBe(7);
});

it("the comparison column reads the last run's figures by name, and nothing from a file of another shape", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-api-"));
  try {
    const file = path.join(dir, "api.json");
    await writeFile(file, JSON.stringify({ rows: [{ figure: "page p99 ms, idle", value: 1.2 }] }));
    expect(lastRun(file).get("page p99 ms, idle")).toBe(1.2);
    await writeFile(file, JSON.stringify({ rows: [{ target: "Fastify hello-world (GET /)", "req/s": 88614 }] }));
    expect(lastRun(file).size).toBe(0);
    expect(lastRun(path.join(dir, "missing.json")).size).toBe(0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
