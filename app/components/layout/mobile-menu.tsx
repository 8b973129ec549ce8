import type { LayoutCopy } from "~/data/layout";
import type { Navigation } from "~/data/navigation";
import { Icon } from "../ui/icon";
import MobileMenuLinks from "./mobile-menu-links";

const MENU_ID = "mobile-menu";

// Invoker commands (HTML's `commandfor` and `command`), which React's types do not list yet: React passes them to the DOM as they are.
declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type parameter must match React's declaration to merge with it
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover";
  }
}

/**
 * Small screens: the hamburger and the menu it opens, a modal side panel from
 * the right over a dimmed backdrop. Markup only, rendered at build time with
 * the page's entry marked current. The browser does the work from the first
 * paint: the hamburger opens the `<dialog>` with an invoker command, the close
 * button closes it, Escape and (`closedby="any"`) a tap on the backdrop close
 * it, the page behind is inert and focus goes into the panel and back to the
 * hamburger. `<mobile-menu>` (mobile-menu.element.ts) adds the rest.
 */
export default function MobileMenu({ pathname, nav, copy: layoutCopy }: { pathname: string; nav: Navigation; copy: LayoutCopy }) {
  return (
    <mobile-menu class="contents">
      <button
        type="button"
        commandfor={MENU_ID}
        command="show-modal"
        className="rounded p-2 lg:hidden"
        aria-label={layoutCopy.openMenu}
        aria-expanded={false}
        aria-controls={MENU_ID}
      >
        <Icon name="menu" className="size-7" />
      </button>
      <dialog
        id={MENU_ID}
        closedby="any"
        aria-label={layoutCopy.menuLabel}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-white p-0 text-brand-900 shadow-2xl backdrop:bg-brand-950/60 open:animate-slide-in"
      >
        <div className="flex h-full flex-col p-5">
          <div className="flex justify-end">
            <button type="button" commandfor={MENU_ID} command="close" className="rounded p-2" aria-label={layoutCopy.closeMenu}>
              <Icon name="x" className="size-7" />
            </button>
          </div>
          <MobileMenuLinks pathname={pathname} nav={nav} mainNavLabel={layoutCopy.mainNavLabel} />
        </div>
      </dialog>
    </mobile-menu>
  );
}
