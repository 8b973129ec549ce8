// Copy of the newsletter sign-up in every page's footer (spec sections 4, 5 and 8),
// and of the pages its emails link to (confirm, unsubscribe) or a plain form post
// lands on (subscribed). The words are content/forms/newsletter.yaml and
// content/pages/newsletter-*.yaml (the pages collection, read by the route files).
import { newsletterFields } from "../../contract/fields";
import { newsletterConsentText } from "../../contract/newsletter";
import { paths } from "./paths";
import type { ContentOf } from "./schemas";
import type { Action, PageMeta } from "./types";

/** The footer's sign-up form's copy, read by the layout: the form is pre-rendered, and its element reads its messages from the markup. */
export function newsletterFormCopy(form: ContentOf<"forms/newsletter.yaml">) {
  return {
    heading: form.heading,
    /** The consent wording: its version is stored with each sign-up. */
    text: newsletterConsentText,
    /** From the newsletter's field table (contract/form-fields.ts). */
    emailLabel: newsletterFields.email.label,
    submit: form.submit,
    submitting: form.submitting,
    success: form.success,
    error: form.error,
    /** Label of the hidden anti-spam field, in case a screen reader ever reaches it. */
    honeypotLabel: form.honeypotLabel,
  } as const;
}

export type NewsletterFormCopy = ReturnType<typeof newsletterFormCopy>;

/** Where the footer's sign-up form is, for a link to "sign up again". */
export const newsletterFormAnchor = "newsletter";

/** One state of a newsletter link page: its h1 and a line of explanation. */
export interface TokenPageState {
  title: string;
  text: string;
}

/** The copy of a page that acts on a token from an email link, one button press at a time. */
export interface TokenPageCopy {
  meta: PageMeta;
  /** Before the button is pressed. */
  ready: TokenPageState & { button: string; working: string };
  done: TokenPageState & { link: Action };
  /** The token was unknown, used or forged. */
  invalid: TokenPageState;
  /** The link expired (confirmation only). */
  expired?: TokenPageState;
  /** The page was opened without a token. */
  missing: TokenPageState;
  /** No answer from the server: the button stays so the visitor can try again. */
  failed: string;
  signUpAgain: string;
}

/** The confirm or unsubscribe page's copy: its entry, at its address. */
export function tokenPageCopy(page: ContentOf<"pages/newsletter-confirm.yaml"> | ContentOf<"pages/newsletter-unsubscribe.yaml">, path: string): TokenPageCopy {
  return { ...page, meta: { ...page.meta, path } };
}

/** Where a sign-up sent before the footer's form had hydrated lands: the same message as the form's own, then the page's. */
export function newsletterSubscribedCopy(subscribed: ContentOf<"pages/newsletter-subscribed.yaml">, form: ContentOf<"forms/newsletter.yaml">) {
  return {
    meta: { ...subscribed.meta, path: paths.newsletterSubscribed },
    heading: subscribed.heading,
    text: [form.success, subscribed.text].filter(Boolean).join(" "),
    link: subscribed.link,
  } as const;
}
