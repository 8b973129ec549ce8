import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/chromium";
const b = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
const p = await b.newPage({ viewport: { width: 1280, height: 800 } });
p.on("console", (m) => console.log("console:", m.type(), m.text()));
await p.goto("http://127.0.0.1:4210/about");
await p.waitForTimeout(1500);
for (const y of [0, 250, 302]) {
  await p.evaluate((y) => window.scrollTo(0, y), y);
  await p.waitForTimeout(200);
  console.log(y, await p.evaluate(() => getComputedStyle(document.querySelector(".back-to-top")!).visibility));
}
await p.evaluate(() => window.scrollTo(0, 0));
await p.getByRole("button", { name: "Services submenu" }).click();
await p.waitForTimeout(300);
await p.screenshot({ path: "/tmp/plat-dropdown.png", clip: { x: 0, y: 0, width: 1280, height: 300 } });
await p.getByRole("button", { name: "News submenu" }).click();
await p.waitForTimeout(300);
await p.screenshot({ path: "/tmp/plat-dropdown2.png", clip: { x: 0, y: 0, width: 1280, height: 300 } });
await b.close();
