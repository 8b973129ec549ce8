// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_PROTECTED_CLASS } from "~/lib/content-protection-markup";
import contentProtectionScript from "./content-protection?inline-script";
import { runBuiltScript } from "./run-built-script";

// The head script runs as the browser runs it: the string the build inlines, run once on the document.
beforeAll(() => runBuiltScript(contentProtectionScript, "content-protection"));
afterEach(() => {
  document.body.innerHTML = "";
});

const protectedPage = (inner: string) => {
  document.body.innerHTML = `<div class="${CONTENT_PROTECTED_CLASS}">${inner}</div>`;
};
const prevented = (target: Element, event: Event) => {
  target.dispatchEvent(event);
  return event.defaultPrevented;
};
const clipboard = (type: string) => new Event(type, { bubbles: true, cancelable: true });
const keydown = (key: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey", boolean>> = {}) =>
  new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...mods });

describe("the content protection head script", () => {
  it("blocks copy, cut and paste on page content, never in form fields", () => {
    protectedPage(`<p>text</p><input><textarea></textarea>`);
    const [p, input, textarea] = [document.querySelector("p")!, document.querySelector("input")!, document.querySelector("textarea")!];
    for (const type of ["copy", "cut", "paste"]) {
      expect(prevented(p, clipboard(type))).toBe(true);
      expect(prevented(input, clipboard(type))).toBe(false);
      expect(prevented(textarea, clipboard(type))).toBe(false);
    }
  });

  it("blocks exactly the spec's shortcuts on the page", () => {
    protectedPage(`<p>text</p>`);
    const p = document.querySelector("p")!;
    for (const k of ["u", "c", "s", "x", "U"]) expect(prevented(p, keydown(k, { ctrlKey: true }))).toBe(true);
    expect(prevented(p, keydown("c", { metaKey: true }))).toBe(true);
    expect(prevented(p, keydown("i", { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(prevented(p, keydown("J", { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(prevented(p, keydown("F12"))).toBe(true);
    for (const [k, mods] of [["c", {}], ["v", { ctrlKey: true }], ["a", { ctrlKey: true }], ["i", { ctrlKey: true }], ["Tab", {}], ["Control", { ctrlKey: true }]] as const) {
      expect(prevented(p, keydown(k, mods))).toBe(false);
    }
  });

  it("lets ctrl+C work inside a field, but not the developer shortcuts", () => {
    protectedPage(`<input>`);
    const input = document.querySelector("input")!;
    expect(prevented(input, keydown("c", { ctrlKey: true }))).toBe(false);
    expect(prevented(input, keydown("i", { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(prevented(input, keydown("F12"))).toBe(true);
  });

  it("does nothing on a page without the protected wrapper", () => {
    document.body.innerHTML = `<p>owner@example.com</p>`;
    const p = document.querySelector("p")!;
    expect(prevented(p, clipboard("copy"))).toBe(false);
    expect(prevented(p, keydown("c", { ctrlKey: true }))).toBe(false);
  });
});
