// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { BACK_TO_TOP_THRESHOLD_PX } from "~/data/constants";
import { defineElement } from "~/lib/custom-element";
import { backToTop } from "./back-to-top.element";

defineElement("back-to-top", backToTop);

// `<back-to-top>` on the link as the pre-render writes it; it stops when the element leaves the document.
const mount = () => {
  document.body.innerHTML = '<back-to-top><a href="#top" class="back-to-top">Back to top</a></back-to-top>';
  const element = document.querySelector<HTMLElement>("back-to-top")!;
  return { stop: () => element.remove(), link: element.querySelector("a")! };
};
const scrollTo = (y: number) => {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
};
// jsdom has no matchMedia: the visitor's motion setting, as the browser would answer.
const motion = (reduced: boolean) => {
  window.matchMedia = (query: string) => ({ matches: reduced && query.includes("reduce") }) as MediaQueryList;
};

afterEach(() => {
  vi.restoreAllMocks();
  scrollTo(0);
});

describe("<back-to-top>", () => {
  it("is marked shown only past the threshold", () => {
    const { link, stop } = mount();
    expect(link.hasAttribute("data-shown")).toBe(false);
    scrollTo(BACK_TO_TOP_THRESHOLD_PX + 1);
    expect(link.hasAttribute("data-shown")).toBe(true);
    scrollTo(BACK_TO_TOP_THRESHOLD_PX);
    expect(link.hasAttribute("data-shown")).toBe(false);
    stop();
  });

  it("scrolls to the top smoothly, at once when motion is reduced, and leaves the address alone", () => {
    const scroll = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const { link, stop } = mount();
    motion(false);
    link.click();
    motion(true);
    link.click();
    expect(scroll.mock.calls).toEqual([[{ top: 0, behavior: "smooth" }], [{ top: 0, behavior: "auto" }]]);
    expect(window.location.hash).toBe("");
    stop();
  });

  it("takes the #top an early press left off the address", () => {
    window.history.replaceState(null, "", "/about#top");
    const { stop } = mount();
    expect(window.location.pathname + window.location.hash).toBe("/about");
    stop();
  });
});
