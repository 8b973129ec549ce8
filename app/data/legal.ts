import type { LegalTerm } from "./types.ts";

interface ContactDetails {
  email: string;
  /** As dialled from abroad: the link's number. */
  phone: string;
  phoneDisplay: string;
  address: string;
}

/**
 * How to reach us, as every legal page ends ({legal.contactTerms}, which the
 * build fills in: scripts/build/content-files.ts): the contact page's labels
 * (content/pages/contact.yaml), the site's name and its contact details
 * (content/site/brand.yaml, profile.yaml).
 */
export function legalContactTerms(
  brand: { name: string },
  { contact }: { contact: ContactDetails },
  labels: Readonly<Record<"email" | "phone" | "address", string>>,
): readonly LegalTerm[] {
  return [
    { term: labels.email, detail: contact.email, href: `mailto:${contact.email}` },
    { term: labels.phone, detail: contact.phoneDisplay, href: `tel:${contact.phone.replace(/\s/g, "")}` },
    { term: labels.address, detail: `${brand.name}, ${contact.address}` },
  ];
}
