import { paths } from "../paths";
import type { ServiceCategory } from "../services";

/** /services/usa */
export default {
  title: "Freelancing in the USA",
  description:
    "Support for UK freelancers working with US clients or moving to the United States: cross-border tax, payroll, insurance and US partner introductions.",
  icon: "globe",
  heroImage: "usa",
  hero: {
    headline: "Work with American clients, without the paperwork headaches",
    subheadline:
      "Whether you invoice US clients from the UK or you are moving to the States, we introduce you to partners who understand both sides of the Atlantic.",
  },
  intro:
    "More UK freelancers than ever work for American companies, and US firms hire UK contractors for their skills and time zone. The practical questions come quickly: which tax forms to sign, how to get paid without losing money on exchange, and who employs you if you relocate. We introduce you to accountants, payroll and employer-of-record providers and insurers who handle US and UK work every day.",
  benefits: [
    "🧾 Cross-border accountants who know the UK–US tax treaty and the W-8BEN",
    "💷 Payment partners for US dollars, with clear exchange rates and fees",
    "🤝 Employer-of-record and payroll partners for contracts based in the USA",
  ],
  support: {
    heading: "How we support you in the USA",
    intro: "From your first American client to a move across the Atlantic.",
    items: [
      "Understanding the W-8BEN form a US client asks a UK resident freelancer to sign",
      "Introductions to accountants who file in both the UK and the USA",
      "Employer-of-record providers, so a US client can hire you compliantly",
      "Contracts in plain English: payment terms, IP and governing law to check",
      "Health, professional liability and travel cover for work in the US",
      "Support across UK and US time zones, by email or a scheduled call",
    ],
  },
  faq: [
    {
      question: "Do I pay US tax if I work for a US client from the UK?",
      answer:
        "Usually not. A UK resident who does the work in the UK normally completes a W-8BEN so the client does not withhold US tax, and declares the income in the UK. Work carried out while you are physically in the USA can be different, so have an accountant confirm your position.",
    },
    {
      question: "Can I move to the USA as a freelancer?",
      answer:
        "You need a visa that allows the work you plan to do, and freelancing on a visitor visa is not allowed. An immigration attorney advises on visas; we can introduce you to partners who work with relocating professionals.",
    },
    {
      question: "How do I get paid in dollars without losing money?",
      answer:
        "Specialist payment providers let you hold and convert US dollars at close to the market rate, usually far cheaper than a high-street bank transfer. We introduce you to regulated providers and you choose.",
    },
  ],
  cta: { text: "Talk to us about the USA", link: paths.contact },

} satisfies ServiceCategory;
