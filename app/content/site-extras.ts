// Copy of the parts every page adds once it has hydrated (the banners and
// back-to-top): kept apart from layout.ts so it loads with them, not before.

export const siteExtrasCopy = {
  backToTop: "Back to top",
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
