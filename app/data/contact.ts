// The /contact page: its hero, the enquiry form's copy (spec sections 3, 5 and 8)
// and the other ways to reach the team. The words are content/pages/contact.yaml,
// content/forms/enquiry.yaml and content/pages/contact-received.yaml (read by the
// route files); the fields' labels come from the enquiry's field table.
import { consentLabel, enquiryFields, formLabels } from "../../contract/fields";
import { paths } from "./paths";
import type { ContentOf } from "./schemas";

/** Each field's label, from the enquiry's field table (contract/form-fields.ts): the form writes them from the table itself. */
export const contactFormLabels = formLabels(enquiryFields);

/** The enquiry form's copy: the island's props, so only the contact page carries it. */
export function contactFormCopy(form: ContentOf<"forms/enquiry.yaml">, brand: ContentOf<"site/brand.yaml">) {
  return {
    requiredNote: form.requiredNote,
    consent: consentLabel(brand.name),
    consentError: form.consentError,
    privacyLink: form.privacyLink,
    submit: form.submit,
    submitting: form.submitting,
    success: form.success,
    error: form.error,
    honeypotLabel: form.honeypotLabel,
    /** The multi-select's button: `selected` names {count}, how many are chosen. */
    multiSelect: form.multiSelect,
  } as const;
}

export type ContactFormCopy = ReturnType<typeof contactFormCopy>;

/** The page around the form: its hero, its section and the ways to reach the team (site/profile.yaml's). */
export function contactCopy(page: ContentOf<"pages/contact.yaml">, profile: ContentOf<"site/profile.yaml">) {
  const { labels } = page.details;
  const { contact } = profile;
  return {
    contactHero: page.hero,
    contactSection: page.section,
    contactDetails: {
      heading: page.details.heading,
      promise: page.details.promise,
      items: [
        { label: labels.email, value: contact.email, href: `mailto:${contact.email}`, icon: "mail" },
        { label: labels.phone, value: contact.phoneDisplay, href: `tel:${contact.phone.replace(/\s/g, "")}`, icon: "phone" },
        { label: labels.address, value: contact.address, icon: "map-pin" },
      ],
    },
  } as const;
}

export type ContactCopy = ReturnType<typeof contactCopy>;

/** Where an enquiry sent as a plain form post (pressed before the form had hydrated) lands, once stored. */
export function contactReceivedCopy(received: ContentOf<"pages/contact-received.yaml">, form: ContentOf<"forms/enquiry.yaml">) {
  return { meta: { ...received.meta, path: paths.contactReceived }, heading: received.heading, text: form.success, link: received.link } as const;
}
