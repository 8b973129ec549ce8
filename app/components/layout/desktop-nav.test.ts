// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { defineElement } from "~/lib/custom-element";
import { desktopNav } from "./desktop-nav.element";

defineElement("desktop-nav", desktopNav);

// `<desktop-nav>` on one entry and its dropdown, in a browser without CSS
// anchor positioning (jsdom has neither it nor the Popover API: the popover's
// open state is stood in for by a class the test reads).
beforeAll(() => {
  globalThis.CSS = { supports: () => false } as unknown as typeof CSS;
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

function mount() {
  document.body.innerHTML =
    '<desktop-nav><nav><ul><li class="nav-entry"><a href="/services">Services</a><ul id="submenu-services" popover="auto"><li><a href="/member">Member</a></li></ul></li></ul></nav></desktop-nav>';
  const dropdown = document.getElementById("submenu-services")!;
  const open = new Set<Element>([dropdown]);
  const matches = Element.prototype.matches;
  vi.spyOn(Element.prototype, "matches").mockImplementation(function (this: Element, selector: string) {
    return selector === ":popover-open" ? open.has(this) : matches.call(this, selector);
  });
  dropdown.hidePopover = () => open.delete(dropdown);
  vi.spyOn(dropdown.parentElement!, "getBoundingClientRect").mockReturnValue({ bottom: 60, left: 300 } as DOMRect);
  return { dropdown, open };
}

describe("<desktop-nav>", () => {
  it("places an opened dropdown under its entry where anchor positioning is missing", () => {
    const { dropdown } = mount();
    const toggle = new Event("toggle") as Event & { newState: string };
    toggle.newState = "open";
    dropdown.dispatchEvent(toggle);
    expect([dropdown.style.top, dropdown.style.left]).toEqual(["68px", "300px"]);
  });

  it("closes the dropdown when one of its links is pressed", () => {
    const { dropdown, open } = mount();
    const link = dropdown.querySelector("a")!;
    link.addEventListener("click", (event) => event.preventDefault());
    link.click();
    expect(open.has(dropdown)).toBe(false);
  });
});
