import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { layoutCopy } from "~/content/layout";
import { staticPart } from "~/lib/static-part";
import { Icon } from "../ui/icon";

/** The menu's links: kept as pre-rendered, like a page's content, so their markup is not in every page's code too. */
const MobileMenuLinks = staticPart(() => import("./mobile-menu-links"));

const MENU_ID = "mobile-menu";
const FOCUSABLE = "a[href], button:not([disabled])";

/** Invoker commands (`commandfor`/`command`): where the browser has them, its buttons open and close the dialog by themselves. */
const nativeCommands = () => typeof HTMLButtonElement !== "undefined" && "command" in HTMLButtonElement.prototype;

/**
 * Small screens: the hamburger and the menu it opens, a modal side panel from
 * the right over a dimmed backdrop. Both are in the pre-rendered HTML, and the
 * browser does the work from the first paint: the hamburger opens the
 * `<dialog>` with an invoker command, the close button closes it, Escape and
 * (`closedby="any"`) a tap on the backdrop close it, the page behind is inert
 * and focus goes into the panel and back to the hamburger. Once hydrated, this
 * component adds what older browsers lack (the same commands, the backdrop
 * tap), keeps Tab cycling inside, names the state in `aria-expanded`, and
 * closes the panel on a press of one of its links and on every route change.
 */
export function MobileMenu({ pathname }: { pathname: string }) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  // A tap made before hydration may have opened the panel already.
  useEffect(() => setOpen(dialogRef.current?.open ?? false), []);

  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    dialogRef.current?.close();
  }, [pathname]);

  const show = () => {
    const dialog = dialogRef.current;
    if (dialog && !nativeCommands() && !dialog.open) dialog.showModal();
    setOpen(true);
  };
  const close = () => dialogRef.current?.close();
  const onClose = () => {
    setOpen(false);
    // Browsers put focus back where it was; one that has not leaves it on the body.
    if (document.activeElement === document.body || document.activeElement === null) toggleRef.current?.focus();
  };
  const closeUnlessNative = () => {
    if (!nativeCommands()) close();
  };

  // A click on a link closes the panel (the link then moves inside the app); a click whose point lies outside the
  // panel landed on the backdrop (closedby="any" does this where supported).
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target instanceof Element && event.target.closest("a")) {
      close();
      return;
    }
    const rect = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= rect.left && event.clientX <= rect.right && event.clientY >= rect.top && event.clientY <= rect.bottom;
    if (!inside) close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
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

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        commandfor={MENU_ID}
        command="show-modal"
        className="rounded p-2 lg:hidden"
        aria-label={layoutCopy.openMenu}
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={show}
      >
        <Icon name="menu" className="size-7" />
      </button>
      {/* The dialog handles Escape itself; clicks on it are the backdrop test above. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        id={MENU_ID}
        ref={dialogRef}
        closedby="any"
        aria-label={layoutCopy.menuLabel}
        onClose={onClose}
        onClick={onDialogClick}
        onKeyDown={onKeyDown}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-white p-0 text-brand-900 shadow-2xl backdrop:bg-brand-950/60 open:animate-slide-in"
      >
        <div className="flex h-full flex-col p-5">
          <div className="flex justify-end">
            <button
              type="button"
              commandfor={MENU_ID}
              command="close"
              className="rounded p-2"
              aria-label={layoutCopy.closeMenu}
              onClick={closeUnlessNative}
            >
              <Icon name="x" className="size-7" />
            </button>
          </div>
          <MobileMenuLinks />
        </div>
      </dialog>
    </>
  );
}
