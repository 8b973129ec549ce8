import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { HEADER_SCROLL_THRESHOLD_PX } from "~/data/constants";
import { getStartedLink } from "~/data/navigation";
import { paths } from "~/data/paths";
import { staticPart } from "~/lib/static-part";
import { useScrolledPast } from "~/lib/use-scrolled-past";
import { Logo } from "../ui/logo";
import { headerTone, type HeaderTone } from "./header-tone";
import { settleHeaderNav } from "./nav-current";

// The navigation is kept as pre-rendered for the page's whole life, across moves inside the app: a control on
// screen stays the same element, so a press aimed at it while a new page settles lands. What differs per page
// (the current entry, an open dropdown or menu) is brought up to date by settleHeaderNav.
/** Wide screens' links and dropdowns (their behaviour is `<desktop-nav>`). */
const DesktopNav = staticPart(() => import("./desktop-nav"), "default", { everyPage: true });

/** The hamburger and its panel (their behaviour is `<mobile-menu>`). */
const MobileMenu = staticPart(() => import("./mobile-menu"), "default", { everyPage: true });

const toneClasses: Record<HeaderTone, string> = {
  transparent: "bg-transparent text-brand-900",
  scrolled: "bg-white/85 text-brand-900 shadow-md backdrop-blur",
  solid: "bg-brand-700 text-white",
};

export function Header() {
  const { pathname } = useLocation();
  const isHome = pathname === paths.home;
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const tone = headerTone(isHome, scrolled);
  const headerRef = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  // Every route change marks the new page's entry and closes the mobile menu and any open dropdown.
  useEffect(() => {
    if (shownPath.current === pathname || !headerRef.current) return;
    shownPath.current = pathname;
    settleHeaderNav(headerRef.current, pathname);
  }, [pathname]);
  return (
    <header
      ref={headerRef}
      data-tone={tone}
      className={`group fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${toneClasses[tone]}`}
    >
      <div className="mx-auto flex h-header max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home} className="shrink-0 rounded">
          <Logo tone={tone === "solid" ? "white" : "blue"} className="h-9 w-auto sm:h-10" />
        </Link>
        <DesktopNav />
        <Link
          to={getStartedLink.href}
          className="hidden rounded-full bg-accent-500 px-5 py-2.5 text-sm font-semibold text-brand-950 shadow-sm transition hover:bg-accent-400 lg:inline-block"
        >
          {getStartedLink.label}
        </Link>
        <MobileMenu />
      </div>
    </header>
  );
}
