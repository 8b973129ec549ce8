// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DISCLAIMER_DELAY_MS, DISCLAIMER_DUE_CLASS, NOTICE_ACTION_ATTRIBUTE, NOTICE_ATTRIBUTE, notices } from "~/lib/notices-markup";
import noticesScript from "./notices?inline-script";
import { runBuiltScript } from "./run-built-script";

// The head script runs as the browser runs it: the string the build inlines, run on a page with the notices' markup.
const root = document.documentElement;
const markup = (["cookie", "disclaimer"] as const)
  .map((name) => `<section ${NOTICE_ATTRIBUTE}="${name}"><button ${NOTICE_ACTION_ATTRIBUTE}="accept">Accept</button><button ${NOTICE_ACTION_ATTRIBUTE}="close">Close</button></section>`)
  .join("");
const run = () => runBuiltScript(noticesScript, "notices");
const press = (name: string, action: "accept" | "close") =>
  document.querySelector<HTMLButtonElement>(`[${NOTICE_ATTRIBUTE}="${name}"] [${NOTICE_ACTION_ATTRIBUTE}="${action}"]`)!.click();

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  root.className = "";
  document.body.innerHTML = `<main tabindex="-1">${markup}</main>`;
});
afterEach(() => vi.useRealTimers());

describe("the notices' head script", () => {
  it("shows both notices to a first-time visitor, and the disclaimer only once it is due after load", () => {
    run();
    expect(root.classList.contains(notices.cookie.showClass)).toBe(true);
    expect(root.classList.contains(notices.disclaimer.showClass)).toBe(true);
    // jsdom has loaded already, so the delay starts now, as it would on a page that runs the script late.
    vi.advanceTimersByTime(DISCLAIMER_DELAY_MS - 1);
    expect(root.classList.contains(DISCLAIMER_DUE_CLASS)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(root.classList.contains(DISCLAIMER_DUE_CLASS)).toBe(true);
  });

  it("shows nothing a returning visitor acknowledged", () => {
    localStorage.setItem(notices.cookie.storageKey, "true");
    localStorage.setItem(notices.disclaimer.storageKey, "true");
    run();
    expect(root.classList.contains(notices.cookie.showClass)).toBe(false);
    expect(root.classList.contains(notices.disclaimer.showClass)).toBe(false);
  });

  it("accept remembers; close hides for this page only; each touches only its own notice", () => {
    run();
    press("cookie", "close");
    expect(root.classList.contains(notices.cookie.showClass)).toBe(false);
    expect(localStorage.getItem(notices.cookie.storageKey)).toBeNull();
    expect(root.classList.contains(notices.disclaimer.showClass)).toBe(true);
    press("disclaimer", "accept");
    expect(root.classList.contains(notices.disclaimer.showClass)).toBe(false);
    expect(localStorage.getItem(notices.disclaimer.storageKey)).toBe("true");
  });

  it("moves keyboard focus to the main content when the focused notice goes, not to the top of the page", () => {
    run();
    const accept = document.querySelector<HTMLButtonElement>(`[${NOTICE_ATTRIBUTE}="cookie"] [${NOTICE_ACTION_ATTRIBUTE}="accept"]`)!;
    accept.focus();
    accept.click();
    expect(document.activeElement).toBe(document.querySelector("main"));
  });

  it("still works when storage throws: notices show, and accepting hides for this page", () => {
    const getItem = vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("denied");
    });
    const setItem = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("denied");
    });
    run();
    expect(root.classList.contains(notices.cookie.showClass)).toBe(true);
    press("cookie", "accept");
    expect(root.classList.contains(notices.cookie.showClass)).toBe(false);
    getItem.mockRestore();
    setItem.mockRestore();
  });

  it("uses the class names app.css styles", () => {
    const css = readFileSync(path.join(import.meta.dirname, "../app.css"), "utf8");
    for (const name of [notices.cookie.showClass, notices.disclaimer.showClass, DISCLAIMER_DUE_CLASS, NOTICE_ATTRIBUTE]) expect(css).toContain(name);
  });
});
