import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { paths } from "~/data/paths";
import { staticPart } from "~/lib/static-part";
import { ContentProtection } from "./content-protection";
import { Footer } from "./footer";
import { Header } from "./header";
import { RouteChangeFocus } from "./route-change-focus";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";

/** The cookie notice and the disclaimer: in every page's HTML, kept as pre-rendered (their head script decides what shows). */
const Notices = staticPart(() => import("./notices"), "default", { everyPage: true });

/** The link back to the top: kept as pre-rendered (its behaviour is `<back-to-top>`). */
const BackToTop = staticPart(() => import("./back-to-top"), "default", { everyPage: true });

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
        {/* In the page flow at the top, so they never cover the page; polite, so the disclaimer is announced when it fills in. */}
        <div aria-live="polite" className={`notices ${underHeader ? "mt-header" : ""}`} data-notices-under-header={underHeader || undefined}>
          <Notices />
        </div>
        {children}
        {/* Fixed on screen; in main so that it sits in a landmark. */}
        <BackToTop />
      </main>
      <Footer newsletter={newsletter} />
      <RouteChangeFocus />
    </ContentProtection>
  );
}
