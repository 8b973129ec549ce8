// The brand in one place: name, logos, social profiles, contact details and
// the switches that change site-wide behaviour.

export const site = {
  name: "Freelancer Marketplace UK",
  shortName: "Freelancer Marketplace",
  tagline: "The UK marketplace and support hub for freelancers and contractors",
  description:
    "Free introductions for UK freelancers and contractors to vetted recruitment agencies, compliant payroll providers, freelance-friendly mortgages, insurance, accounting and training.",
  logoAlt: "Freelancer Marketplace UK home",
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
  /**
   * The spec's content protection: blocks copy, cut, paste, selection and some
   * developer shortcuts on page content. Form fields are always exempt.
   */
  contentProtection: true,
  disclaimer:
    "We are an introduction service. We do not give regulated financial or legal advice and we do not guarantee outcomes. Introductions are free for freelancers.",
  cookieNotice:
    "We use only the cookies and local storage this site needs to work. No trackers, no advertising cookies.",
} as const;

export type SocialIcon = (typeof site.social)[number]["icon"];
