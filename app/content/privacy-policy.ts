import { legalContactTerms } from "./legal";
import { statedRetention } from "./retention";
import { site } from "./site";
import type { LegalDocument } from "./types";

/** The spec's sentence: partner communications can be turned off through account preferences. */
export const partnerOptOut =
  "You can opt out of partner communications at any time through your account preferences, or by emailing us; we then tell the partners we introduced you to.";

export const privacyPolicy: LegalDocument = {
  title: "Privacy policy",
  intro:
    "This policy explains what personal data we collect when you use our website, why we collect it, who we share it with and the rights you have. We have written it to be read, not skimmed past.",
  lastUpdated: "2026-11-25",
  sections: [
    {
      heading: "Who we are",
      blocks: [
        `${site.name} (“we”, “us”) runs this website and introduces freelancers, contractors, agencies and businesses to third-party partners such as recruitment agencies, payroll providers, brokers, accountants and training providers.`,
        "We are the controller of the personal data described in this policy under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. You can contact us about anything in this policy:",
        { terms: legalContactTerms },
      ],
    },
    {
      heading: "What we collect",
      blocks: [
        "We collect only what you give us through our two forms, and a little technical data to keep those forms safe:",
        {
          terms: [
            { term: "Newsletter sign-up", detail: "Your email address, and when you confirmed your subscription." },
            {
              term: "Contact enquiry",
              detail:
                "Your name, email address and role (freelancer, agency, business or other); and, if you choose to give them, your phone number, the sectors you work in, what you need help with and your message.",
            },
            {
              term: "Consent record",
              detail:
                "When you sent an enquiry and the wording of the consent you agreed to, so we can show that you asked us to contact you and to introduce you to partners.",
            },
            {
              term: "Technical data",
              detail:
                "When you send a form: a keyed one-way hash of your IP address (never the address itself), a shortened description of your browser and the page you sent it from. They let us spot repeated or automated submissions.",
            },
          ],
        },
        "Please do not include health information or other sensitive details in your message; we do not need them to make an introduction.",
        "The website counts visits on our own server without cookies and without identifying anyone: daily totals of page views, visits and visitors by page, the name of the website that linked to it, campaign tags in the link, device type (phone, tablet or computer), and how many people reached, started and sent each form. An enquiry or sign-up adds one to the totals of the page and campaign your visit began with; nothing about that visit is stored with your enquiry. Our cookie policy explains how, and how Global Privacy Control switches it off. The website uses no advertising or third-party tracking.",
      ],
    },
    {
      heading: "How we use your data and our lawful basis",
      blocks: [
        {
          terms: [
            {
              term: "Replying to your enquiry and introducing you to partners",
              detail:
                "Consent. You give it by ticking the consent box on the contact form, and you can withdraw it at any time.",
            },
            {
              term: "Sending our newsletter",
              detail: "Consent, confirmed through the link in our confirmation email. Every newsletter has an unsubscribe link.",
            },
            {
              term: "Keeping a record of your consent",
              detail: "Legitimate interests: we need to be able to show that you agreed to be contacted.",
            },
            {
              term: "Protecting the forms from spam and abuse",
              detail: "Legitimate interests: keeping the service safe and working for everyone, using a hashed IP address rather than the address itself.",
            },
            {
              term: "Counting visits and which pages lead to enquiries",
              detail: "Legitimate interests: improving the site, using daily totals that identify no one. Global Privacy Control switches it off for you.",
            },
          ],
        },
        "Where we rely on legitimate interests we have weighed them against your rights, and you can object at any time (see Your rights).",
      ],
    },
    {
      heading: "Who we share your data with",
      blocks: [
        "We never sell your personal data. We share it only with:",
        {
          list: [
            "The selected partners we introduce you to: only those that match the needs you told us about, and only the details they need to contact you.",
            "Processors who work for us under contract and only on our instructions: our email delivery provider, our website and database hosting provider, and the customer relationship software we keep enquiries in.",
            "Professional advisers, regulators, courts or the police, where the law requires it or to protect our legal rights.",
          ],
        },
        "Each partner we introduce you to becomes a controller of the details we pass on and will give you its own privacy notice.",
        partnerOptOut,
      ],
    },
    {
      heading: "International transfers",
      blocks: [
        "We store your data in the United Kingdom or the European Economic Area. If you ask us about work in the USA or the UAE, the partners we introduce you to may be based there.",
        "When personal data leaves the UK, we make sure it stays protected: either the country has UK adequacy regulations, or we use the International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual Clauses, approved under UK law. You can ask us for details of the safeguard used.",
      ],
    },
    {
      heading: "How long we keep your data",
      blocks: [
        {
          terms: [
            {
              term: "Enquiries",
              detail: `Deleted ${statedRetention.enquiryMonths} months after we received them, with everything kept with them.`,
            },
            {
              term: "Newsletter subscriptions",
              detail:
                `Until you unsubscribe. Sign-ups that are never confirmed are deleted ${statedRetention.unconfirmedSignupDays} days after the sign-up. After you unsubscribe we keep only your email address on a suppression list, so we never email you again by mistake.`,
            },
            { term: "Consent records", detail: "Kept with the enquiry or subscription they relate to, and deleted with it." },
            {
              term: "Emails and messages about you",
              detail: `Our copy of each email we send about your enquiry or sign-up, of each message we pass to our customer relationship software, and the record of their delivery: deleted ${statedRetention.deliveryDays} days after the last try to deliver them, or sooner with the enquiry or sign-up they belong to.`,
            },
            { term: "Technical data from forms", detail: "Kept with the enquiry or sign-up it came with, and deleted with it." },
            { term: "Server logs", detail: "Up to 30 days." },
            {
              term: "Visit counts",
              detail:
                "Daily totals that identify no one, kept as long as they are useful. The daily value used to count unique visitors is discarded at the end of each day. When you sign up for the newsletter, the page and campaign your visit began with are kept beside a one-way hash of your address until you confirm (or for at most 8 days), so the confirmation can be counted for them, and then deleted.",
            },
          ],
        },
      ],
    },
    {
      heading: "Your rights",
      blocks: [
        "Under UK data protection law you have the right to:",
        {
          list: [
            "Access: ask for a copy of the personal data we hold about you.",
            "Rectification: have inaccurate or incomplete data corrected.",
            "Erasure: have your data deleted where we no longer have a good reason to keep it.",
            "Restriction: ask us to pause using your data while a concern is resolved.",
            "Objection: object to our use of your data based on legitimate interests.",
            "Portability: receive the data you gave us in a common, machine-readable format, or have it sent to another organisation.",
            "Withdraw consent: at any time, without affecting what we did before you withdrew it.",
          ],
        },
        "To use any of these rights, email or call us using the details above. It is free, and we reply within one month. We may ask you to confirm your identity first.",
      ],
    },
    {
      heading: "How to complain",
      blocks: [
        "If you are unhappy with how we have used your data, please tell us first so we can put it right. You also have the right to complain to the Information Commissioner’s Office (ICO), the UK’s data protection regulator:",
        {
          terms: [
            { term: "Website", detail: "ico.org.uk/make-a-complaint", href: "https://ico.org.uk/make-a-complaint/" },
            { term: "Helpline", detail: "0303 123 1113", href: "tel:03031231113" },
            { term: "Address", detail: "Information Commissioner’s Office, Wycliffe House, Water Lane, Wilmslow, Cheshire SK9 5AF" },
          ],
        },
      ],
    },
    {
      heading: "Children",
      blocks: ["Our services are for adults looking for work or for workers. We do not knowingly collect data from anyone under 18."],
    },
    {
      heading: "Changes to this policy",
      blocks: [
        "When we change this policy we update the date at the top of this page. If a change affects how we use data you have already given us, we will tell you by email before it takes effect.",
      ],
    },
  ],
};
