import type { ReactNode } from "react";
import type { SiteShell } from "~/data/layout";
import { paths } from "~/data/paths";
import { NOTICES_END_ID } from "~/lib/notices-markup";
import BackToTop from "./back-to-top";
import { ContentProtection } from "./content-protection";
import { Footer } from "./footer";
import { Header } from "./header";
import Notices from "./notices";
import { MAIN_CONTENT_ID, SkipLink } from "../ui/skip-link";

interface SiteLayoutProps {
  /** The page's path, as the site links it: it marks the header's current entry, and the home page starts under the header. */
  pathname: string;
  /** The shell's words, links and brand (the layout reads them: data/shell-entries.ts). */
  shell: SiteShell;
  children: ReactNode;
  /** The newsletter sign-up, placed in the footer. */
  newsletter?: ReactNode;
}

/** Fixed header, main content, footer, and the global helpers every page has. */
export function SiteLayout({ pathname, shell, children, newsletter }: SiteLayoutProps) {
  // The home hero runs under the transparent header; every other page starts below the solid one.
  const underHeader = pathname === paths.home;
  return (
    <ContentProtection>
      <SkipLink label={shell.copy.skipLink} />
      <Header pathname={pathname} shell={shell} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`outline-none ${underHeader ? "" : "pt-header"}`}>
        {/* In the page flow at the top, so they never cover the page; polite, so the disclaimer is announced when it fills in. */}
        <div aria-live="polite" className={`notices ${underHeader ? "mt-header" : ""}`} data-notices-under-header={underHeader || undefined}>
          <Notices copy={shell.notices} />
          <span id={NOTICES_END_ID} hidden />
        </div>
        {children}
        {/* Fixed on screen; in main so that it sits in a landmark. */}
        <BackToTop label={shell.copy.backToTop} />
      </main>
      <Footer shell={shell} newsletter={newsletter} />
    </ContentProtection>
  );
}
