import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestApp, type TestApp } from "./app.test-support";

// `npm run dev` runs the server with SITE_DIR=none: Vite serves the pages and
// proxies /api here, so the forms must work with no site loaded at all.

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({ SITE_DIR: "none" });
});
afterAll(() => server.close());

test("with SITE_DIR=none the lead API answers and no page is served", async () => {
  const lead = await server.app.inject({ method: "POST", url: "/api/contactus", payload: { email: "dev@example.com" } });
  expect(lead.statusCode).toBe(200);
  expect(lead.json()).toMatchObject({ status: true });

  const page = await server.app.inject({ method: "GET", url: "/" });
  expect(page.statusCode).toBe(404);
});
