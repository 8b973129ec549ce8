import type { SiteShell } from "~/data/layout";
import type { NavLink } from "~/data/navigation";
import { paths } from "~/data/paths";
import { Icon } from "../ui/icon";
import { Logo } from "../ui/logo";

function LinkList({ heading, links }: { heading: string; links: readonly NavLink[] }) {
  return (
    <nav aria-label={heading}>
      <h2 className="text-sm font-semibold tracking-wider text-accent-400 uppercase">{heading}</h2>
      <ul className="mt-4 space-y-2">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="text-brand-100 hover:text-white hover:underline">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The footer's brand, contact, link and social columns: the same on every page. */
export default function FooterColumns({ shell }: { shell: SiteShell }) {
  const { copy: layoutCopy, profile: siteProfile } = shell;
  const { footerLegalLinks, footerQuickLinks } = shell.nav;
  return (
    <>
      <div>
        <a href={paths.home} className="inline-block rounded">
          <Logo tone="white" alt={shell.brand.logoAlt} lazy />
        </a>
        <p className="mt-4 max-w-xs text-sm leading-relaxed">{siteProfile.tagline}.</p>
        <address className="mt-4 space-y-1 text-sm not-italic">
          <a className="flex items-center gap-2 hover:text-white" href={`mailto:${siteProfile.contact.email}`}>
            <Icon name="mail" className="size-4" /> {siteProfile.contact.email}
          </a>
          <a className="flex items-center gap-2 hover:text-white" href={`tel:${siteProfile.contact.phone.replace(/\s/g, "")}`}>
            <Icon name="phone" className="size-4" /> {siteProfile.contact.phoneDisplay}
          </a>
        </address>
      </div>
      <LinkList heading={layoutCopy.footer.quickLinksHeading} links={footerQuickLinks} />
      <div className="space-y-8">
        <LinkList heading={layoutCopy.footer.legalHeading} links={footerLegalLinks} />
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-accent-400 uppercase">{layoutCopy.footer.followHeading}</h2>
          <ul className="mt-4 flex gap-3">
            {siteProfile.social.map((profile) => (
              <li key={profile.name}>
                <a
                  href={profile.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex size-10 items-center justify-center rounded-full bg-brand-800 text-white hover:bg-brand-600"
                >
                  <Icon name={profile.icon} className="size-5" />
                  <span className="sr-only">
                    {profile.name} {layoutCopy.footer.newTab}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </>
  );
}
