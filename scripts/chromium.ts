// Debian's Chromium and the flags it needs on these machines (no sandbox as
// root, no GPU, and none of the background calls the closed network refuses).
// Shared by the browser tests, the screenshots and the Lighthouse benchmark.
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
] as const;
