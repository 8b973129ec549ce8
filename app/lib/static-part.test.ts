// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { followLinksInApp } from "./static-part";

let stopBrowser = () => {};

/** Whether the click was taken over by the app, recorded before the test's own stand-in browser cancels it (jsdom cannot load documents). */
function setUp(html: string) {
  document.body.innerHTML = `<div id="part">${html}</div>`;
  const container = document.getElementById("part")!;
  const navigate = vi.fn();
  const stop = followLinksInApp(container, navigate);
  let takenOver = false;
  const browser = (event: Event) => {
    takenOver = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener("click", browser);
  stopBrowser = () => document.removeEventListener("click", browser);
  const click = (selector: string, init: MouseEventInit = {}) => {
    container.querySelector(selector)!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
    return takenOver;
  };
  return { navigate, stop, click };
}

afterEach(() => {
  stopBrowser();
  document.body.innerHTML = "";
});

describe("followLinksInApp", () => {
  it("moves to an own-site page inside the app, keeping its query and fragment", () => {
    const { navigate, click } = setUp(`<a href="/contact?topic=payroll#form"><span>Contact</span></a>`);
    expect(click("span")).toBe(true);
    expect(navigate).toHaveBeenCalledWith("/contact?topic=payroll#form");
  });

  it("leaves to the browser what a link would do anyway: other sites, new tabs, downloads, modified clicks, jumps in this page", () => {
    const { navigate, click } = setUp(`
      <a id="other" href="https://example.com/">x</a>
      <a id="tab" href="/about" target="_blank">x</a>
      <a id="file" href="/guide.pdf" download>x</a>
      <a id="mail" href="mailto:hello@example.com">x</a>
      <a id="plain" href="/about">x</a>
      <a id="jump" href="${window.location.pathname}#section">x</a>`);
    for (const id of ["#other", "#tab", "#file", "#mail", "#jump"]) expect(click(id)).toBe(false);
    for (const modifier of ["ctrlKey", "metaKey", "shiftKey", "altKey"] as const) expect(click("#plain", { [modifier]: true })).toBe(false);
    expect(click("#plain", { button: 1 })).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("stops when asked", () => {
    const { navigate, stop, click } = setUp(`<a href="/about">About</a>`);
    stop();
    expect(click("a")).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});
