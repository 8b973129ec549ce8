// Values the legal pages' Markdown names as placeholders ({legal.contactTerms},
// {legal.partnerOptOut}): read by the build (schemas/placeholders.ts), so this
// module imports no content file. The pages' shared wording is legal-copy.ts.
import { site, siteProfile } from "./site.ts";
import type { LegalTerm } from "./types.ts";

/** How to reach us, as every legal page ends. */
export const legalContactTerms: readonly LegalTerm[] = [
  { term: "Email", detail: siteProfile.contact.email, href: `mailto:${siteProfile.contact.email}` },
  { term: "Phone", detail: siteProfile.contact.phoneDisplay, href: `tel:${siteProfile.contact.phone.replace(/\s/g, "")}` },
  { term: "Address", detail: `${site.name}, ${siteProfile.contact.address}` },
];

/** The spec's sentence: partner communications can be turned off through account preferences (the privacy policy). */
export const partnerOptOut =
  "You can opt out of partner communications at any time through your account preferences, or by emailing us; we then tell the partners we introduced you to.";
