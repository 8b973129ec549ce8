// Copy of the two notices, which are in every page's pre-rendered HTML and
// kept as it is (a static part). Kept apart from layout.ts so the browser
// downloads it only with them, not with every page's shell.

export const siteExtrasCopy = {
  cookieBanner: {
    label: "Cookie notice",
    text: "We use only the cookies and local storage this site needs to work. No trackers, no advertising cookies.",
    accept: "Accept All",
    close: "Close cookie notice",
    policyLink: "Read our cookie policy",
  },
  disclaimerBanner: {
    label: "Disclaimer",
    text: "We are an introduction service. We do not give regulated financial or legal advice and we do not guarantee outcomes. Introductions are free for freelancers.",
    accept: "Got it",
    close: "Close disclaimer",
  },
} as const;
