import { useCallback, useRef, useState } from "react";
import { layoutCopy } from "~/content/layout";
import type { NavEntry } from "~/content/navigation";
import { afterHydration } from "~/lib/after-hydration";
import { Icon } from "../ui/icon";

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entries: readonly NavEntry[];
  pathname: string;
}

const MobileMenuPanel = afterHydration(() => import("./mobile-menu-panel"));

/**
 * Small screens: the hamburger, and the menu panel it opens. The panel's code
 * arrives after hydration; a press before that opens it as soon as it is there.
 */
export function MobileMenu({ open, onOpenChange, entries, pathname }: MobileMenuProps) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [panelReady, setPanelReady] = useState(false);
  const markPanelReady = useCallback(() => setPanelReady(true), []);
  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="rounded p-2 lg:hidden"
        aria-label={layoutCopy.openMenu}
        aria-expanded={open}
        aria-controls={panelReady ? "mobile-menu" : undefined}
        onClick={() => onOpenChange(true)}
      >
        <Icon name="menu" className="size-7" />
      </button>
      <MobileMenuPanel
        open={open}
        onOpenChange={onOpenChange}
        entries={entries}
        pathname={pathname}
        toggleRef={toggleRef}
        onReady={markPanelReady}
      />
    </>
  );
}
