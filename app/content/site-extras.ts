// Copy of the parts every page adds once it has hydrated (the banners and
// back-to-top): kept apart from layout.ts so it loads with them, not before.

export const siteExtrasCopy = {
  backToTop: "Back to top",
  cookieBanner: {
    label: "Cookie notice",
    accept: "Accept All",
    close: "Close cookie notice",
    policyLink: "Read our cookie policy",
  },
  disclaimerBanner: {
    label: "Disclaimer",
    accept: "Got it",
    close: "Close disclaimer",
  },
} as const;
