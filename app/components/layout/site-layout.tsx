import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { paths } from "~/content/paths";
import { afterHydration } from "~/lib/after-hydration";
import { ContentProtection } from "./content-protection";
import { Footer } from "./footer";
import { Header } from "./header";
import { RouteChangeFocus } from "./route-change-focus";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";

/** Back-to-top and the two banners: none is in the pre-rendered HTML, so their code loads after hydration. */
const SiteExtras = afterHydration(() => import("./site-extras"));

/** Fixed header, main content, footer, and the global helpers every page has. */
export function SiteLayout({ children, newsletter }: { children: ReactNode; newsletter?: ReactNode }) {
  const { pathname } = useLocation();
  // The home hero runs under the transparent header; every other page starts below the solid one.
  const underHeader = pathname === paths.home;
  // The owner's inbox brings its own header and main: no public chrome, banners,
  // newsletter or copy protection (the owner copies email addresses from it).
  if (pathname === paths.admin) {
    return (
      <>
        <SkipLink />
        {children}
      </>
    );
  }
  return (
    <ContentProtection>
      <SkipLink />
      <Header />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`outline-none ${underHeader ? "" : "pt-header"}`}>
        {children}
      </main>
      <Footer newsletter={newsletter} />
      <SiteExtras />
      <RouteChangeFocus />
    </ContentProtection>
  );
}
