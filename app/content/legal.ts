import { site } from "./site";
import type { LegalTerm } from "./types";

/** Wording shared by the three legal pages. */
export const legalCopy = {
  eyebrow: "Legal",
  lastUpdated: "Last updated",
  contents: "On this page",
};

/** How to reach us, as every legal page ends. */
export const legalContactTerms: readonly LegalTerm[] = [
  { term: "Email", detail: site.contact.email, href: `mailto:${site.contact.email}` },
  { term: "Phone", detail: site.contact.phoneDisplay, href: `tel:${site.contact.phone.replace(/\s/g, "")}` },
  { term: "Address", detail: `${site.name}, ${site.contact.address}` },
];
