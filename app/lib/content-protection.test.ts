// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { installContentProtection, isBlockedShortcut, isFormField } from "./content-protection";

const key = (key: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey", boolean>> = {}) => ({
  key, ctrlKey: false, metaKey: false, shiftKey: false, ...mods,
});

describe("isBlockedShortcut", () => {
  it("blocks exactly the spec's shortcuts", () => {
    for (const k of ["u", "c", "s", "x", "U"]) expect(isBlockedShortcut(key(k, { ctrlKey: true }))).toBe(true);
    expect(isBlockedShortcut(key("i", { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isBlockedShortcut(key("J", { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isBlockedShortcut(key("F12"))).toBe(true);
    expect(isBlockedShortcut(key("c", { metaKey: true }))).toBe(true);
  });
  it("leaves every other key alone", () => {
    expect(isBlockedShortcut(key("c"))).toBe(false);
    expect(isBlockedShortcut(key("v", { ctrlKey: true }))).toBe(false);
    expect(isBlockedShortcut(key("a", { ctrlKey: true }))).toBe(false);
    expect(isBlockedShortcut(key("i", { ctrlKey: true }))).toBe(false);
    expect(isBlockedShortcut(key("Tab"))).toBe(false);
  });
});

describe("installContentProtection", () => {
  let remove: () => void = () => undefined;
  afterEach(() => {
    remove();
    document.body.innerHTML = "";
  });

  const dispatch = (target: Element, event: Event) => {
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it("blocks copy, cut and paste on page content, never in form fields", () => {
    document.body.innerHTML = `<p>text</p><input><textarea></textarea>`;
    remove = installContentProtection(document);
    const [p, input, textarea] = [document.querySelector("p")!, document.querySelector("input")!, document.querySelector("textarea")!];
    for (const type of ["copy", "cut", "paste"]) {
      expect(dispatch(p, new Event(type, { bubbles: true, cancelable: true }))).toBe(true);
      expect(dispatch(input, new Event(type, { bubbles: true, cancelable: true }))).toBe(false);
      expect(dispatch(textarea, new Event(type, { bubbles: true, cancelable: true }))).toBe(false);
    }
    expect(isFormField(input)).toBe(true);
    expect(isFormField(p)).toBe(false);
  });

  it("lets ctrl+C work inside a field but not on the page; removes its listeners", () => {
    document.body.innerHTML = `<p>text</p><input>`;
    remove = installContentProtection(document);
    const ctrlC = () => new KeyboardEvent("keydown", { key: "c", ctrlKey: true, bubbles: true, cancelable: true });
    expect(dispatch(document.querySelector("p")!, ctrlC())).toBe(true);
    expect(dispatch(document.querySelector("input")!, ctrlC())).toBe(false);
    remove();
    expect(dispatch(document.querySelector("p")!, ctrlC())).toBe(false);
  });
});
