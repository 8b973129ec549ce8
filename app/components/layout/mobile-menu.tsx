import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { Link, NavLink } from "react-router";
import { layoutCopy } from "~/content/layout";
import { ariaCurrent, currentEntry, getStartedLink, type NavEntry } from "~/content/navigation";
import { Icon } from "../ui/icon";

interface MobileMenuProps {
  entries: readonly NavEntry[];
  pathname: string;
}

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
 * closes the panel on every route change.
 */
export function MobileMenu({ entries, pathname }: MobileMenuProps) {
  const current = currentEntry(entries, pathname);
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

  // A click whose point lies outside the panel landed on the backdrop (closedby="any" does this where supported).
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
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
          <nav aria-label={layoutCopy.mainNavLabel} className="mt-2 flex-1 overflow-y-auto">
            <ul className="space-y-1">
              {entries.map((entry) => (
                <li key={entry.href}>
                  <Link
                    to={entry.href}
                    aria-current={ariaCurrent(entry, current, pathname)}
                    onClick={close}
                    className={`block rounded-lg px-3 py-2.5 text-lg font-semibold hover:bg-brand-50 ${
                      entry === current ? "bg-brand-50 text-brand-700" : ""
                    }`}
                  >
                    {entry.label}
                  </Link>
                  {entry.submenu && (
                    <ul className="ml-4 border-l border-line pl-3">
                      {entry.submenu.map((item) => (
                        <li key={item.href}>
                          <NavLink
                            to={item.href}
                            end
                            onClick={close}
                            className="block rounded-lg px-3 py-2 text-base font-medium text-muted hover:bg-brand-50 aria-[current=page]:text-brand-700"
                          >
                            {item.label}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <Link
            to={getStartedLink.href}
            onClick={close}
            className="mt-4 block rounded-full bg-accent-500 px-5 py-3 text-center font-semibold text-brand-950"
          >
            {getStartedLink.label}
          </Link>
        </div>
      </dialog>
    </>
  );
}
