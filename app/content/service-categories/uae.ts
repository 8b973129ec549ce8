import { paths } from "../paths";
import type { ServiceCategory } from "../services";

/** /services/uae */
export default {
  title: "Freelancing in the UAE",
  description:
    "Support for UK freelancers working in the United Arab Emirates: freelance permits, banking, tax and a community of freelancers in Dubai and Abu Dhabi.",
  icon: "map-pin",
  heroImage: "uae",
  hero: {
    headline: "Build your freelance career in the UAE, with people who have done it",
    subheadline:
      "Free zone permits, visas, banking and tax questions answered, and a community of UK freelancers in Dubai, Abu Dhabi and beyond.",
  },
  intro:
    "The UAE attracts UK freelancers in construction, engineering, healthcare, technology and the creative industries. Working there legally means a freelance permit or a business licence, a residence visa and a local bank account, and your UK tax position changes when you leave. We introduce you to licensing agents, banks, accountants and recruiters who know the market, and to a community of freelancers who made the move before you.",
  benefits: [
    "🪪 Introductions to agents for free zone freelance permits and residence visas",
    "🏦 Help opening a UAE bank account as a freelancer",
    "📊 Accountants for UAE Corporate Tax, VAT and your UK residence status",
    "🏗️ Recruiters for construction, engineering and healthcare projects in the Gulf",
    "👥 A community of UK freelancers already working in the UAE",
  ],
  community: {
    heading: "Join the UAE freelancer community",
    intro: "Meet people who have already made the move and can tell you how it really works.",
    items: [
      "Regular meet-ups for UK freelancers in Dubai and Abu Dhabi",
      "An online members’ group for questions about permits, housing and schools",
      "Introductions to freelancers in your trade or profession",
      "Shared contract leads from members and partner recruiters",
      "Talks from accountants and licensing agents on the questions members ask most",
    ],
  },
  faq: [
    {
      question: "Do freelancers pay income tax in the UAE?",
      answer:
        "The UAE does not tax personal income. Business profits can fall under UAE Corporate Tax once turnover passes the threshold, and VAT registration applies above its own threshold. Your UK tax depends on whether you remain UK resident under the Statutory Residence Test, so take advice before you move.",
    },
    {
      question: "What permit do I need to freelance in the UAE?",
      answer:
        "Usually a freelance permit from a free zone, or a business licence, together with a residence visa. Which one fits depends on your profession and where your clients are. We introduce you to licensing agents who can explain the options and costs.",
    },
    {
      question: "Can I keep working for UK clients from the UAE?",
      answer:
        "Often yes, but check your permit covers the work, your contracts allow it and your UK tax position is clear. An accountant who works with both countries can help.",
    },
  ],
  cta: { text: "Talk to us about the UAE", link: paths.contact },

} satisfies ServiceCategory;
