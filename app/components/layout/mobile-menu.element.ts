import type { Behaviour, ElementProps } from "~/lib/custom-element";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "mobile-menu": ElementProps;
    }
  }
}

// The mobile menu's behaviour (mobile-menu.tsx renders the markup): plain DOM
// code on the pre-rendered menu. The browser opens and closes the <dialog> from
// the first paint by itself (invoker commands, closedby="any", Escape); this
// adds what older browsers lack (the commands, the backdrop tap), keeps Tab
// cycling inside, names the state in aria-expanded and closes the panel when
// one of its links is followed (so Back to this page never finds it open) or
// on Back or Forward within the page.

const FOCUSABLE = "a[href], button:not([disabled])";

/** Invoker commands (`commandfor`/`command`): where the browser has them, its buttons open and close the dialog by themselves. */
const nativeCommands = () => "command" in HTMLButtonElement.prototype;

export function mobileMenu(element: HTMLElement) {
  const dialog = element.querySelector("dialog");
  const toggle = element.querySelector<HTMLButtonElement>('button[command="show-modal"]');
  if (!dialog || !toggle) return;
  const sync = () => toggle.setAttribute("aria-expanded", String(dialog.open));
  const close = () => dialog.close();

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest("button[command]");
    if (button) {
      if (!nativeCommands()) {
        if (button !== toggle) close();
        else if (!dialog.open) dialog.showModal();
      }
      // A native command acts after the click's listeners have run.
      setTimeout(sync);
      return;
    }
    if (!target || !dialog.contains(target)) return;
    // A link closes the panel (and the browser follows it); a click whose point lies outside the panel landed on
    // the backdrop (closedby="any" does this where supported).
    if (target.closest("a")) return close();
    const rect = dialog.getBoundingClientRect();
    const inside = event.clientX >= rect.left && event.clientX <= rect.right && event.clientY >= rect.top && event.clientY <= rect.bottom;
    if (!inside) close();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Tab") return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onClose = () => {
    sync();
    // Browsers put focus back where it was; one that has not leaves it on the body.
    if (document.activeElement === document.body || document.activeElement === null) toggle.focus();
  };

  // A tap before this code arrived may have opened the panel already.
  sync();
  element.addEventListener("click", onClick);
  dialog.addEventListener("keydown", onKeyDown);
  dialog.addEventListener("close", onClose);
  addEventListener("popstate", close);
  return () => {
    element.removeEventListener("click", onClick);
    dialog.removeEventListener("keydown", onKeyDown);
    dialog.removeEventListener("close", onClose);
    removeEventListener("popstate", close);
  };
}

export default mobileMenu satisfies Behaviour;
