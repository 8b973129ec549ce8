import { DISCLAIMER_DELAY_MS } from "../app/data/constants";
import { accessibleExpanded, acknowledgeBanners, expect, isPhone, test, waitForHydration } from "./fixtures";
import { shell } from "../app/data/shell.test-support";

const { footerLegalLinks, footerQuickLinks, headerNav } = shell.nav;

test.describe("header", () => {
  test.beforeEach(async ({ page }) => acknowledgeBanners(page));

  test("on the home page it is transparent, then white once scrolled past 50 px", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-tone", "transparent");
    await expect(header.getByRole("img", { name: /home/ })).toHaveAttribute("src", /logo-blue/);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute("data-tone", "transparent");
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(header).toHaveAttribute("data-tone", "scrolled");
    await expect(header).toHaveCSS("box-shadow", /rgba/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-tone", "transparent");
  });

  test("its tone on each page a link loads: solid on the next page, transparent back home, white once scrolled", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    const footer = page.getByRole("contentinfo");
    // Leave the home page scrolled, with its header white.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(header).toHaveAttribute("data-tone", "scrolled");
    await footer.getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(header).toHaveAttribute("data-tone", "solid");
    await expect(header).toHaveCSS("background-color", "rgb(18, 60, 140)");
    await expect(header.getByRole("img", { name: /home/ })).toHaveAttribute("src", /logo-white/);
    // A solid header stays solid whatever the scroll, once the page's code runs too.
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(header).toHaveAttribute("data-tone", "solid");
    // The link loads the home page at its top: transparent over the hero, white once scrolled.
    await footer.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header).toHaveAttribute("data-tone", "transparent");
    await expect(header.getByRole("img", { name: /home/ })).toHaveAttribute("src", /logo-blue/);
    await waitForHydration(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(header).toHaveAttribute("data-tone", "transparent");
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(header).toHaveAttribute("data-tone", "scrolled");
    // Back twice: the browser returns to the home page as it was left, scrolled to its end, and its header is white there.
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(header).toHaveAttribute("data-tone", "solid");
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    await expect(header).toHaveAttribute("data-tone", "scrolled");
    await expect(header.getByRole("img", { name: /home/ })).toHaveAttribute("src", /logo-blue/);
  });

  test("on other pages it is solid blue with the white logo", async ({ page }) => {
    await page.goto("/this-page-does-not-exist");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-tone", "solid");
    await expect(header).toHaveCSS("background-color", "rgb(18, 60, 140)");
    await expect(header.getByRole("img", { name: /home/ })).toHaveAttribute("src", /logo-white/);
  });

  test("wide screens: the 8 entries, Get Started, and one dropdown at a time", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const entry of headerNav) {
      await expect(nav.getByRole("link", { name: entry.label, exact: true })).toHaveAttribute("href", entry.href);
    }
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/contact");

    const services = nav.getByRole("button", { name: "Services submenu" });
    const news = nav.getByRole("button", { name: "News submenu" });
    await expect.poll(() => accessibleExpanded(services)).toBe(false);
    await services.click();
    await expect.poll(() => accessibleExpanded(services)).toBe(true);
    await expect(nav.getByRole("link", { name: "Tenders & Project Delivery" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Member" })).toHaveAttribute("href", "/member");

    await news.click();
    await expect.poll(() => accessibleExpanded(news)).toBe(true);
    await expect.poll(() => accessibleExpanded(services)).toBe(false);
    await expect(nav.getByRole("link", { name: "Tenders & Project Delivery" })).toBeHidden();
    await expect(nav.getByRole("link", { name: "Spotlight On" })).toHaveAttribute("href", "/spotlight");
    await expect(nav.getByRole("link", { name: "Agencies & Recruiters" })).toHaveAttribute("href", "/spotlight/agencies");
    await expect(nav.getByRole("link", { name: "Payroll & Compliance" })).toHaveAttribute("href", "/spotlight/payroll");

    await news.click();
    await expect.poll(() => accessibleExpanded(news)).toBe(false);
  });

  test("the current page's entry is marked: its own link, or its section's entry", { tag: "@phone" }, async ({ page }) => {
    const nav = isPhone(page) ? page.getByRole("dialog", { name: "Menu" }) : page.getByRole("navigation", { name: "Main" });
    const open = async () => {
      if (isPhone(page)) await page.getByRole("button", { name: "Open menu" }).click();
    };
    await page.goto("/about");
    await open();
    await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current", /.*/);
    await page.goto("/spotlight/tenders");
    await open();
    await expect(nav.getByRole("link", { name: "Services", exact: true })).toHaveAttribute("aria-current", "true");
    await expect(nav.getByRole("link", { name: "News", exact: true })).not.toHaveAttribute("aria-current", /.*/);
  });

  test("wide screens: a route change closes an open dropdown, even one no click made", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    const news = nav.getByRole("button", { name: "News submenu" });
    await news.click();
    await expect.poll(() => accessibleExpanded(news)).toBe(true);
    // The browser's Back button: no click or key reaches the menu, only the route changes.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => accessibleExpanded(news)).toBe(false);
    await expect(nav.getByRole("link", { name: "Spotlight On" })).toBeHidden();
  });

  test("wide screens: Escape and an outside click close the dropdown; keyboard opens it", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const services = nav.getByRole("button", { name: "Services submenu" });
    await services.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => accessibleExpanded(services)).toBe(true);
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Tenders & Project Delivery" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect.poll(() => accessibleExpanded(services)).toBe(false);

    await services.click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect.poll(() => accessibleExpanded(services)).toBe(false);
  });

  test("small screens: the hamburger opens a side panel, the backdrop closes it and focus returns", { tag: "@phone-only" }, async ({ page }) => {
    await page.goto("/");
    const hamburger = page.getByRole("button", { name: "Open menu" });
    await expect(hamburger).toHaveAttribute("aria-expanded", "false");
    await hamburger.click();
    const panel = page.getByRole("dialog", { name: "Menu" });
    await expect(panel).toBeVisible();
    await expect(hamburger).toHaveAttribute("aria-expanded", "true");
    for (const entry of headerNav) {
      await expect(panel.getByRole("link", { name: entry.label, exact: true })).toHaveAttribute("href", entry.href);
    }
    // Tap the dimmed backdrop, left of the panel.
    await page.mouse.click(20, 400);
    await expect(panel).toBeHidden();
    await expect(hamburger).toBeFocused();
    await expect(hamburger).toHaveAttribute("aria-expanded", "false");
  });

  test("small screens: focus stays inside the open panel; Escape closes it", { tag: "@phone-only" }, async ({ page }) => {
    await page.goto("/");
    const hamburger = page.getByRole("button", { name: "Open menu" });
    await hamburger.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Menu" });
    await expect(panel).toBeVisible();
    const stops = await panel.locator("a[href], button").count();
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press("Tab");
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(hamburger).toBeFocused();
  });

  test("small screens: following a link closes the panel and moves to the page", { tag: "@phone-only" }, async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.getByRole("dialog", { name: "Menu" });
    await panel.getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(panel).toBeHidden();
  });
});

test.describe("footer", () => {
  test.beforeEach(async ({ page }) => acknowledgeBanners(page));

  test("quick links, legal links, social links in new tabs, and this year", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const quick = footer.getByRole("navigation", { name: "Quick links" });
    for (const link of footerQuickLinks) {
      await expect(quick.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.href);
    }
    const legal = footer.getByRole("navigation", { name: "Legal" });
    for (const link of footerLegalLinks) {
      await expect(legal.getByRole("link", { name: link.label })).toHaveAttribute("href", link.href);
    }
    for (const name of ["LinkedIn", "X", "Facebook"]) {
      const link = footer.getByRole("link", { name: new RegExp(`^${name} \\(opens in a new tab\\)`) });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toHaveAttribute("href", /^https:\/\//);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test("the footer's Home link (/home) lands on the home page", async ({ page }) => {
    await page.goto("/this-page-does-not-exist");
    await page.getByRole("contentinfo").getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("global behaviours", () => {
  test("cookie banner: Accept All remembers; close hides it for the session only", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie notice" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Close cookie notice" }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBeNull();
    await page.reload();
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Accept All" }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBe("true");
    await page.reload();
    await page.waitForTimeout(300);
    await expect(banner).toBeHidden();
  });

  test("disclaimer banner: appears 1 s after load; Got it remembers; close is for the session", async ({ page }) => {
    // The page's clock, paused: the disclaimer's delay passes only when the test moves it on.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Disclaimer" });
    await page.clock.runFor(DISCLAIMER_DELAY_MS - 100);
    await expect(banner).toBeHidden();
    await page.clock.runFor(200);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("regulated financial or legal advice");
    await banner.getByRole("button", { name: "Close disclaimer" }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("disclaimerAccepted"))).toBeNull();
    await page.reload();
    await page.clock.runFor(DISCLAIMER_DELAY_MS + 100);
    await banner.getByRole("button", { name: "Got it" }).click();
    expect(await page.evaluate(() => localStorage.getItem("disclaimerAccepted"))).toBe("true");
    await page.reload();
    await page.clock.runFor(DISCLAIMER_DELAY_MS + 500);
    await expect(banner).toBeHidden();
  });

  test("back-to-top appears beyond 300 px and returns to the top", async ({ page }) => {
    await acknowledgeBanners(page);
    await page.goto("/");
    const button = page.getByRole("link", { name: "Back to top" });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 250));
    await page.waitForTimeout(100);
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a link from a scrolled page loads the next one at its top, where the first Tab reaches the skip link", async ({ page }) => {
    await acknowledgeBanners(page);
    await page.goto("/this-page-does-not-exist");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("contentinfo").getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // A new document: focus starts at its top, as on any page load.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  });

  test("skip link is the first stop and jumps to the main content", async ({ page }) => {
    await acknowledgeBanners(page);
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });

  test("content protection blocks copying page text but never form fields", async ({ page }) => {
    await acknowledgeBanners(page);
    await page.goto("/");
    const blocked = await page.evaluate(() => {
      const event = new ClipboardEvent("copy", { bubbles: true, cancelable: true });
      document.querySelector("h1")?.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(blocked).toBe(true);
    const shortcut = await page.evaluate(() => {
      const event = new KeyboardEvent("keydown", { key: "u", ctrlKey: true, bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(shortcut).toBe(true);
    await expect(page.locator("h1")).toHaveCSS("user-select", "none");
    const fieldAllowed = await page.evaluate(() => {
      const input = document.createElement("input");
      document.querySelector("main")?.append(input);
      const event = new ClipboardEvent("paste", { bubbles: true, cancelable: true });
      input.dispatchEvent(event);
      input.remove();
      return !event.defaultPrevented;
    });
    expect(fieldAllowed).toBe(true);
  });
});
