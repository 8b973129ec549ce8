import { Link, useLocation } from "react-router";
import { HEADER_SCROLL_THRESHOLD_PX } from "~/content/constants";
import { getStartedLink } from "~/content/navigation";
import { paths } from "~/content/paths";
import { staticPart } from "~/lib/static-part";
import { useScrolledPast } from "~/lib/use-scrolled-past";
import { Logo } from "../ui/logo";
import { headerTone, type HeaderTone } from "./header-tone";

/** Wide screens' links and dropdowns: kept as pre-rendered (their behaviour is `<desktop-nav>`), rendered afresh on each route. */
const DesktopNav = staticPart(() => import("./desktop-nav"));

/** The hamburger and its panel: kept as pre-rendered (their behaviour is `<mobile-menu>`), rendered afresh on each route. */
const MobileMenu = staticPart(() => import("./mobile-menu"));

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
  // Every route change closes the mobile menu (rendered afresh per route) and any open dropdown (on a new pathname).
  return (
    <header
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
