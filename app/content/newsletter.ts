// Copy of the newsletter sign-up in every page's footer (spec sections 4, 5 and 8),
// and of the pages its emails link to (confirm, unsubscribe) or a plain form post lands on (subscribed).
import { newsletterFields } from "../../contract/fields";
import { CONFIRMATION_TOKEN_TTL_MS, newsletterConsentText } from "../../contract/newsletter";
import { paths } from "./paths";
import type { Action, PageMeta } from "./types";

export const newsletterCopy = {
  heading: "Newsletter",
  /** The consent wording: its version is stored with each sign-up. */
  text: newsletterConsentText,
  /** From the newsletter's field table (contract/form-fields.ts). */
  emailLabel: newsletterFields.email.label,
  submit: "Subscribe",
  submitting: "Subscribing...",
  success: "Thanks! Please check your email to confirm.",
  error: "Please enter a valid email address.",
  /** Label of the hidden anti-spam field, in case a screen reader ever reaches it. */
  honeypotLabel: "Leave this field empty",
} as const;

/** Where the footer's sign-up form is, for a link to "sign up again". */
export const newsletterFormAnchor = "newsletter";

const linkDays = CONFIRMATION_TOKEN_TTL_MS / (24 * 60 * 60 * 1000);

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

const signUpAgain = "Sign up again";
const homeLink: Action = { label: "Back to the home page", href: paths.home };

export const newsletterConfirmPage: TokenPageCopy = {
  meta: {
    title: "Confirm your subscription",
    description: "Confirm your subscription to the Freelancer Marketplace UK newsletter.",
    path: paths.newsletterConfirm,
  },
  ready: {
    title: "Confirm your subscription",
    text: "Press the button to start receiving our newsletter: guides, market updates and partner news for UK freelancers and contractors.",
    button: "Confirm my subscription",
    working: "Confirming...",
  },
  done: {
    title: "Thank you for subscribing",
    text: "Your subscription is confirmed. Every newsletter has a link to unsubscribe whenever you like.",
    link: homeLink,
  },
  expired: {
    title: "This link has expired",
    text: `Confirmation links work for ${linkDays} days. Sign up again with the newsletter form and we will email you a new one.`,
  },
  invalid: {
    title: "This link is not valid",
    text: "It may have been used already or copied incompletely. If you confirmed before, you are subscribed; otherwise sign up again with the newsletter form.",
  },
  missing: {
    title: "Open the link from your email",
    text: "This page confirms a subscription from the link in our confirmation email. To subscribe, use the newsletter form.",
  },
  failed: "We could not reach our server. Please check your connection and press the button again.",
  signUpAgain,
};

/** Where a sign-up sent before the footer's form had hydrated lands: the same message as the form's own. */
export const newsletterSubscribedPage = {
  meta: {
    title: "Check your email",
    description: "Confirm your subscription to the Freelancer Marketplace UK newsletter from the email we have sent you.",
    path: paths.newsletterSubscribed,
  },
  heading: "Check your email",
  text: `${newsletterCopy.success} The link in our email works for ${linkDays} days; if the email has not arrived in a few minutes, look in your spam folder.`,
  link: homeLink,
} as const;

export const newsletterUnsubscribePage: TokenPageCopy = {
  meta: {
    title: "Unsubscribe",
    description: "Unsubscribe from the Freelancer Marketplace UK newsletter.",
    path: paths.newsletterUnsubscribe,
  },
  ready: {
    title: "Unsubscribe from our newsletter",
    text: "Press the button and we will stop sending you the Freelancer Marketplace UK newsletter.",
    button: "Unsubscribe",
    working: "Unsubscribing...",
  },
  done: {
    title: "You have been unsubscribed",
    text: "You will receive no more newsletters from us. Changed your mind? You can sign up again at any time.",
    link: homeLink,
  },
  invalid: {
    title: "This unsubscribe link is not valid",
    text: "It may have been copied incompletely. Please open the link from one of our newsletter emails again, or contact us and we will remove your address.",
  },
  missing: {
    title: "Open the link from your email",
    text: "This page unsubscribes an address from the link at the foot of each newsletter email.",
  },
  failed: "We could not reach our server. Please check your connection and press the button again.",
  signUpAgain,
};
