// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { defineElementsIn } from "../define-elements";
import { shell } from "~/data/shell.test-support";
import MobileMenu from "./mobile-menu";

// The menu's markup as the pre-render writes it, and `<mobile-menu>` run on it
// in a browser without invoker commands or closedby (jsdom: none of them), the
// case where the behaviour has to open and close the dialog itself.
beforeAll(() => {
  // jsdom has <dialog> without its modal methods: the open attribute and the close event are what the behaviour reads.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
});
afterEach(() => {
  document.body.innerHTML = "";
});

function renderMenu() {
  document.body.innerHTML = renderToStaticMarkup(<MobileMenu pathname="/about" nav={shell.nav} copy={shell.copy} />);
  const dialog = document.querySelector("dialog")!;
  const [hamburger, closeButton] = [...document.querySelectorAll<HTMLButtonElement>("button[command]")];
  return { dialog, hamburger: hamburger!, closeButton: closeButton! };
}

describe("<mobile-menu>", () => {
  it("opens and closes the panel where the browser does not, naming the state, and focus returns", async () => {
    const { dialog, hamburger, closeButton } = renderMenu();
    expect(hamburger.getAttribute("aria-expanded")).toBe("false");
    await defineElementsIn(document);
    hamburger.click();
    expect(dialog.open).toBe(true);
    await new Promise((resolve) => setTimeout(resolve));
    expect(hamburger.getAttribute("aria-expanded")).toBe("true");
    closeButton.focus();
    closeButton.blur();
    closeButton.click();
    expect(dialog.open).toBe(false);
    expect(hamburger.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(hamburger);
  });

  it("reads a panel opened before its code arrived, and closes it when a link is followed", async () => {
    const { dialog, hamburger } = renderMenu();
    dialog.setAttribute("open", "");
    const element = document.querySelector("mobile-menu")!;
    // Upgrades happen on connect: move the element out and back in, as a late definition finds it.
    element.remove();
    document.body.append(element);
    await defineElementsIn(document);
    expect(hamburger.getAttribute("aria-expanded")).toBe("true");
    dialog.querySelector("a")!.addEventListener("click", (event) => event.preventDefault());
    dialog.querySelector("a")!.click();
    expect(dialog.open).toBe(false);
  });

  it("keeps Tab inside the open panel", async () => {
    const { dialog, closeButton } = renderMenu();
    await defineElementsIn(document);
    dialog.showModal();
    const links = dialog.querySelectorAll("a");
    const last = links[links.length - 1]!;
    last.focus();
    const tab = new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true });
    last.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(closeButton);
    const back = new KeyboardEvent("keydown", { key: "Tab", shiftKey: true, bubbles: true, cancelable: true });
    closeButton.dispatchEvent(back);
    expect(document.activeElement).toBe(last);
  });
});
