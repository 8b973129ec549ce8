import type { SiteShell } from "~/data/layout";
import { paths } from "~/data/paths";
import { Logo } from "../ui/logo";
import DesktopNav from "./desktop-nav";
import { headerTone, type HeaderTone } from "./header-tone";
import MobileMenu from "./mobile-menu";

// Each tone's look, keyed to `data-tone`: on the home page `<header-tone>` moves it from transparent to scrolled and back.
const toneClasses = [
  "data-[tone=transparent]:bg-transparent data-[tone=transparent]:text-brand-900",
  "data-[tone=scrolled]:bg-white/85 data-[tone=scrolled]:text-brand-900 data-[tone=scrolled]:shadow-md data-[tone=scrolled]:backdrop-blur",
  "data-[tone=solid]:bg-brand-700 data-[tone=solid]:text-white",
].join(" ");

/** The fixed header: logo, wide screens' links and dropdowns, Get Started and the mobile menu, for the page at `pathname`. */
export function Header({ pathname, shell }: { pathname: string; shell: SiteShell }) {
  const { getStartedLink, headerNav } = shell.nav;
  const isHome = pathname === paths.home;
  // The tone at the top of the page; `<header-tone>` follows the scroll from there.
  const tone: HeaderTone = headerTone(isHome, false);
  return (
    <header-tone class="contents">
      <header data-tone={tone} className={`group fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${toneClasses}`}>
        <div className="mx-auto flex h-header max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <a href={paths.home} className="shrink-0 rounded">
            <Logo tone={tone === "solid" ? "white" : "blue"} alt={shell.brand.logoAlt} className="h-9 w-auto sm:h-10" />
          </a>
          <DesktopNav pathname={pathname} entries={headerNav} copy={shell.copy} />
          <a
            href={getStartedLink.href}
            className="hidden rounded-full bg-accent-500 px-5 py-2.5 text-sm font-semibold text-brand-950 shadow-sm transition hover:bg-accent-400 lg:inline-block"
          >
            {getStartedLink.label}
          </a>
          <MobileMenu pathname={pathname} nav={shell.nav} copy={shell.copy} />
        </div>
      </header>
    </header-tone>
  );
}
