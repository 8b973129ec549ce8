import { isCurrentPage } from "~/data/navigation";

/**
 * A submenu item's link's marks: on the current page aria-current="page" (its
 * look follows it in CSS) and the class `active`, the markup the submenus have
 * always had.
 */
export function submenuCurrent(href: string, pathname: string, className: string) {
  const current = isCurrentPage(href, pathname);
  return { "aria-current": current ? ("page" as const) : undefined, className: current ? `${className} active` : className };
}
