// The /contact page: its hero, the enquiry form's copy (spec sections 3, 5 and 8)
// and the other ways to reach the team.
import { consentLabel, enquiryFields, formLabels } from "../../contract/fields";
import { CONTACT_RESPONSE_PROMISE } from "./constants";
import { paths } from "./paths";
import { site, siteProfile } from "./site";

export const contactHero = {
  title: "Contact Us",
  intro:
    "Freelancer, contractor, agency or business: tell us who you are and what you need, and we will introduce you to vetted partners. Introductions are free for freelancers.",
};

export const contactSection = {
  heading: "Send us an enquiry",
  intro: "A few details are all we need to find the right partners for you.",
};

export const contactForm = {
  requiredNote: "Fields marked * are required.",
  /** Each field's label, from the enquiry's field table (contract/form-fields.ts). */
  labels: formLabels(enquiryFields),
  consent: consentLabel(site.name),
  consentError: "Please tick the box so we can contact you.",
  privacyLink: { label: "How we use your details: our privacy policy", href: paths.privacyPolicy },
  submit: "Send enquiry",
  submitting: "Submitting...",
  success: `✅ Thanks! We’ll be in touch within ${CONTACT_RESPONSE_PROMISE}.`,
  error: "⚠️ Please check required fields or try again later.",
  honeypotLabel: "Leave this field empty",
} as const;

/** The disclosure button's summary of a multi-select's choice. */
export const multiSelectCopy = {
  placeholder: "Select options",
  selected: (count: number) => `${count} selected`,
} as const;

export const contactDetails = {
  heading: "Other ways to reach us",
  promise: `We reply to every enquiry within ${CONTACT_RESPONSE_PROMISE}.`,
  items: [
    { label: "Email", value: siteProfile.contact.email, href: `mailto:${siteProfile.contact.email}`, icon: "mail" },
    { label: "Phone", value: siteProfile.contact.phoneDisplay, href: `tel:${siteProfile.contact.phone.replace(/\s/g, "")}`, icon: "phone" },
    { label: "Address", value: siteProfile.contact.address, icon: "map-pin" },
  ],
} as const;

/** Where an enquiry sent as a plain form post (pressed before the form had hydrated) lands, once stored. */
export const contactReceivedPage = {
  meta: {
    title: "Enquiry received",
    description: `Thanks for your enquiry to ${site.name}. We will be in touch within ${CONTACT_RESPONSE_PROMISE}.`,
    path: paths.contactReceived,
  },
  heading: "Enquiry received",
  text: contactForm.success,
  link: { label: "Back to the home page", href: paths.home },
} as const;
