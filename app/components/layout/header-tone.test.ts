// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { HEADER_SCROLL_THRESHOLD_PX } from "~/data/constants";
import { defineElement } from "~/lib/custom-element";
import followScroll from "./header-tone.element";

defineElement("header-tone", followScroll);

// `<header-tone>` around the header as the pre-render writes it; it stops when the element leaves the document.
const mount = (tone: string) => {
  document.body.innerHTML = `<header-tone class="contents"><header data-tone="${tone}"></header></header-tone>`;
  const element = document.querySelector<HTMLElement>("header-tone")!;
  return { stop: () => element.remove(), header: element.querySelector("header")! };
};
const scrollTo = (y: number) => {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
};

afterEach(() => scrollTo(0));

describe("<header-tone>", () => {
  it("turns the home page's header white past the threshold, and back at the top", () => {
    const { header, stop } = mount("transparent");
    scrollTo(HEADER_SCROLL_THRESHOLD_PX);
    expect(header.dataset.tone).toBe("transparent");
    scrollTo(HEADER_SCROLL_THRESHOLD_PX + 1);
    expect(header.dataset.tone).toBe("scrolled");
    scrollTo(0);
    expect(header.dataset.tone).toBe("transparent");
    stop();
  });

  it("takes the tone of a page opened already scrolled", () => {
    scrollTo(400);
    const { header, stop } = mount("transparent");
    expect(header.dataset.tone).toBe("scrolled");
    stop();
  });

  it("leaves every other page's solid header as it is, and stops with the element", () => {
    const solid = mount("solid");
    scrollTo(400);
    expect(solid.header.dataset.tone).toBe("solid");
    solid.stop();
    scrollTo(0);
    const home = mount("transparent");
    home.stop();
    scrollTo(400);
    expect(home.header.dataset.tone).toBe("transparent");
  });
});
