// Copy of the newsletter sign-up in every page's footer (spec sections 4, 5 and 8).

export const newsletterCopy = {
  heading: "Newsletter",
  text: "Guides, market updates and partner news for UK freelancers and contractors. Unsubscribe at any time.",
  emailLabel: "Email address",
  submit: "Subscribe",
  submitting: "Subscribing...",
  success: "Thanks! Please check your email to confirm.",
  error: "Please enter a valid email address.",
  /** Label of the hidden anti-spam field, in case a screen reader ever reaches it. */
  honeypotLabel: "Leave this field empty",
} as const;
