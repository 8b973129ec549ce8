import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/chromium";
import { freePortSync } from "./scripts/free-port";

// Browser tests run the built site on the real server, in Debian's Chromium.
// The port is one the system says is free (or E2E_PORT), chosen once: the
// workers load this file again and inherit it through the environment.
process.env.E2E_PORT ??= String(freePortSync());
const port = Number(process.env.E2E_PORT);
// localhost, not 127.0.0.1: a passkey's relying party is a domain, never an IP address. The server
// still listens on 127.0.0.1 only; Chromium and Node reach it there.
const baseURL = `http://localhost:${port}`;
// A person's own browser: Playwright's Chromium says it is automated (navigator.webdriver), which
// the spam filter holds, as it should a bot's. The tests play people, so their browser does not say so.
const chromium = { executablePath: chromiumPath, args: [...chromiumArgs, "--disable-blink-features=AutomationControlled"] };

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // No trace by default: recording one (the DOM at every step) cost about a tenth of the suite's
    // time even where nothing failed (383 s with DOM snapshots, 354 s without; with screenshots too,
    // a fifth). A failure keeps its page as a screenshot and its accessibility tree
    // (error-context.md); to read one step by step, run it again with --trace on (docs/testing.md).
    trace: "off",
    // A failure's screenshot is taken by the page fixture (e2e/fixtures.ts): Playwright's own
    // "only-on-failure" photographs every page as its context closes, pass or fail, about 0.2 s a test.
    screenshot: "off",
    launchOptions: chromium,
  },
  projects: [
    // The owner's first sign-in sets up their passkey (e2e/owner.setup.ts) before any test signs in.
    { name: "setup", testMatch: /owner\.setup\.ts/ },
    // Every test runs on the desktop but those tagged @phone-only; the phone runs only what differs
    // there, tagged @phone (both profiles) or @phone-only: the menu drawer, touch, the narrow forms,
    // the carousels' swipe, layout that reflows (e2e/README.md, "Which profile").
    {
      name: "desktop",
      dependencies: ["setup"],
      grepInvert: /@phone-only/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: "phone",
      dependencies: ["setup"],
      grep: /@phone/,
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
  ],
  webServer: {
    command: "node --import tsx server/main.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      // The site's own address: passkeys are bound to it, and emails link to it.
      PUBLIC_SITE_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? "build/e2e-data",
      LOG_LEVEL: "warn",
      // Both projects submit the forms from 127.0.0.1: lift the 5-a-minute limit by configuration.
      RATE_LIMIT_MAX: "1000",
      // The owner's inbox is on for its tests; both projects sign in from 127.0.0.1 many times.
      ADMIN_PASSWORD: "e2e-admin-password",
      ADMIN_SIGNIN_MAX: "1000",
      // The analytics test reads the dashboard right after the visit: write the counts often.
      ANALYTICS_FLUSH_MS: "250",
      // Every page's beacon comes from 127.0.0.1 too: a fast run sends more than 120 a minute.
      ANALYTICS_RATE_LIMIT_MAX: "100000",
      // The spam filter is on, as shipped: tests that seed leads post as a browser does (e2e/seed-leads.ts).
    },
  },
});
