import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type RefObject } from "react";
import { Link, NavLink } from "react-router";
import { layoutCopy } from "~/content/layout";
import { ariaCurrent, currentEntry, getStartedLink, type NavEntry } from "~/content/navigation";
import { Icon } from "../ui/icon";

interface MobileMenuPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entries: readonly NavEntry[];
  pathname: string;
  /** The hamburger: focus goes back to it when the panel closes. */
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** Called once the panel is in the page (the hamburger then names it in aria-controls). */
  onReady: () => void;
}

const FOCUSABLE = "a[href], button:not([disabled])";

/**
 * The small screens' menu: a modal side panel from the right over a dimmed
 * backdrop. The native modal dialog makes the page behind it inert and closes
 * on Escape; Tab is kept cycling inside; focus returns to the hamburger.
 * Closed, it is invisible, so its code loads after hydration (MobileMenu).
 */
export default function MobileMenuPanel({ open, onOpenChange, entries, pathname, toggleRef, onReady }: MobileMenuPanelProps) {
  const current = currentEntry(entries, pathname);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(onReady, [onReady]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      dialog.close();
      toggleRef.current?.focus();
    }
  }, [open, toggleRef]);

  const close = () => onOpenChange(false);

  // A click whose point lies outside the panel landed on the backdrop.
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

  // The dialog handles Escape itself; clicks on it are the backdrop test above.
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      id="mobile-menu"
      ref={dialogRef}
      aria-label={layoutCopy.menuLabel}
      onClose={close}
      onClick={onDialogClick}
      onKeyDown={onKeyDown}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-white p-0 text-brand-900 shadow-2xl backdrop:bg-brand-950/60 open:animate-slide-in"
    >
      <div className="flex h-full flex-col p-5">
        <div className="flex justify-end">
          <button type="button" className="rounded p-2" aria-label={layoutCopy.closeMenu} onClick={close}>
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
  );
}
