// The /contact page: its hero, the enquiry form's copy (spec sections 3, 5 and 8)
// and the other ways to reach the team. The words are content/pages/contact.yaml,
// content/forms/enquiry.yaml and content/pages/contact-received.yaml; the
// fields' labels come from the enquiry's field table.
import { consentLabel, enquiryFields, formLabels } from "../../contract/fields";
import formFile from "../../content/forms/enquiry.yaml";
import pageFile from "../../content/pages/contact.yaml";
import { fill } from "./fill";
import { paths } from "./paths";
import type { ContentOf } from "./schemas";
import { site, siteProfile } from "./site";

const page = pageFile as ContentOf<"pages/contact.yaml">;
const form = formFile as ContentOf<"forms/enquiry.yaml">;

export const contactHero = page.hero;

export const contactSection = page.section;

export const contactForm = {
  requiredNote: form.requiredNote,
  /** Each field's label, from the enquiry's field table (contract/form-fields.ts). */
  labels: formLabels(enquiryFields),
  consent: consentLabel(site.name),
  consentError: form.consentError,
  privacyLink: form.privacyLink,
  submit: form.submit,
  submitting: form.submitting,
  success: form.success,
  error: form.error,
  honeypotLabel: form.honeypotLabel,
} as const;

/** The disclosure button's summary of a multi-select's choice. */
export const multiSelectCopy = {
  placeholder: form.multiSelect.placeholder,
  selected: (count: number) => fill(form.multiSelect.selected, { count }),
} as const;

const { labels } = page.details;
export const contactDetails = {
  heading: page.details.heading,
  promise: page.details.promise,
  items: [
    { label: labels.email, value: siteProfile.contact.email, href: `mailto:${siteProfile.contact.email}`, icon: "mail" },
    { label: labels.phone, value: siteProfile.contact.phoneDisplay, href: `tel:${siteProfile.contact.phone.replace(/\s/g, "")}`, icon: "phone" },
    { label: labels.address, value: siteProfile.contact.address, icon: "map-pin" },
  ],
} as const;

/** Where an enquiry sent as a plain form post (pressed before the form had hydrated) lands, once stored. */
export function contactReceivedCopy(received: ContentOf<"pages/contact-received.yaml">, form: ContentOf<"forms/enquiry.yaml">) {
  return { meta: { ...received.meta, path: paths.contactReceived }, heading: received.heading, text: form.success, link: received.link } as const;
}
