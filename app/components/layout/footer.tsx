import type { ReactNode } from "react";
import type { SiteShell } from "~/data/layout";
import FooterColumns from "./footer-columns";

interface FooterProps {
  shell: SiteShell;
  /** The newsletter sign-up, placed in the footer by the layout. */
  newsletter?: ReactNode;
}

export function Footer({ shell, newsletter }: FooterProps) {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <FooterColumns shell={shell} />
        <div>{newsletter}</div>
      </div>
      <div className="border-t border-brand-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm sm:px-6">{shell.copy.footer.rights(year)}</p>
      </div>
    </footer>
  );
}
