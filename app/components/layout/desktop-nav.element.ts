import type { Behaviour, ElementProps } from "~/lib/custom-element";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "desktop-nav": ElementProps;
    }
  }
}

// The header dropdowns' behaviour (desktop-nav.tsx renders the markup). Each
// dropdown is a popover its chevron opens by itself from the first paint, and
// the browser exposes the chevron as expanded while it is open. This adds the
// rest: where CSS anchor positioning is missing, the dropdown goes under its
// entry (set through the CSSOM, which the CSP allows); a press of one of its
// links closes it.

/** Where CSS anchor positioning is missing: the dropdown goes under its entry. */
function placeUnderItsEntry(dropdown: HTMLElement) {
  const entry = dropdown.parentElement;
  if (!entry) return;
  const rect = entry.getBoundingClientRect();
  dropdown.style.top = `${rect.bottom + 8}px`;
  dropdown.style.left = `${rect.left}px`;
}

export function desktopNav(element: HTMLElement) {
  const onToggle = (event: Event) => {
    const dropdown = event.target;
    if (!(dropdown instanceof HTMLElement) || !dropdown.matches("[popover]") || (event as ToggleEvent).newState !== "open") return;
    if (!CSS.supports("anchor-scope: all")) placeUnderItsEntry(dropdown);
  };
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    const dropdown = link?.closest<HTMLElement>("[popover]");
    if (dropdown?.matches(":popover-open")) dropdown.hidePopover();
  };
  // A dropdown opened before this code arrived goes under its entry now.
  for (const open of element.querySelectorAll<HTMLElement>("[popover]:popover-open")) if (!CSS.supports("anchor-scope: all")) placeUnderItsEntry(open);
  // toggle does not bubble: listen in the capture phase.
  element.addEventListener("toggle", onToggle, true);
  element.addEventListener("click", onClick);
  return () => {
    element.removeEventListener("toggle", onToggle, true);
    element.removeEventListener("click", onClick);
  };
}

export default desktopNav satisfies Behaviour;
