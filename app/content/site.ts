// The brand in one place: name, logos, social profiles, contact details and
// the switches that change site-wide behaviour.

/** What every page's own code needs (the header, the titles): kept small, as every page downloads it. */
export const site = {
  name: "Freelancer Marketplace UK",
  shortName: "Freelancer Marketplace",
  logoAlt: "Freelancer Marketplace UK home",
  /**
   * The spec's content protection: blocks copy, cut, paste, selection and some
   * developer shortcuts on page content. Form fields are always exempt.
   */
  contentProtection: true,
} as const;

/**
 * What the footer, the contact and legal pages and the structured data show:
 * all pre-rendered, so no page's own code needs it (a separate export, so the
 * bundler leaves it out of the code every page loads).
 */
export const siteProfile = {
  tagline: "The UK marketplace and support hub for freelancers and contractors",
  description:
    "Free introductions for UK freelancers and contractors to vetted recruitment agencies, compliant payroll providers, freelance-friendly mortgages, insurance, accounting and training.",
  social: [
    { name: "LinkedIn", href: "https://www.linkedin.com/", icon: "linkedin" },
    { name: "X", href: "https://x.com/", icon: "x-social" },
    { name: "Facebook", href: "https://www.facebook.com/", icon: "facebook" },
  ],
  /** Refer & Earn runs over a messaging app; the number is the team's WhatsApp line. */
  referAndEarnUrl: "https://wa.me/447700900123?text=Refer%20%26%20Earn",
  contact: {
    email: "hello@freelancermarketplace.co.uk",
    phone: "+44 20 7946 0123",
    phoneDisplay: "020 7946 0123",
    address: "London, United Kingdom",
  },
} as const;

export type SocialIcon = (typeof siteProfile.social)[number]["icon"];
