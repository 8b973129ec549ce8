import { paths } from "../paths";
import type { ServiceCategory } from "../services";

/** /services/accounting */
export default {
  title: "Accounting & Tax",
  description:
    "Introductions to contractor accountants for limited companies, sole traders and CIS subcontractors, including Making Tax Digital.",
  icon: "calculator",
  heroImage: "accounting",
  benefits: [
    "Fixed monthly fees agreed up front, with no surprise bills",
    "Limited company accounts, Corporation Tax, VAT and director’s Self Assessment",
    "Sole trader and CIS subcontractor tax returns, including CIS refunds",
    "Making Tax Digital for Income Tax, set up before your quarterly updates are due",
    "IR35 contract reviews from accountants who work with contractors every day",
    "Qualified, regulated accountants (for example ACCA, ICAEW or AAT members)",
  ],
  faq: [
    {
      question: "Do I need an accountant as a freelancer?",
      answer:
        "Not by law, but most limited company contractors use one, and many sole traders do once their income grows. An accountant makes sure your returns are right and on time, and often saves more than the fee.",
    },
    {
      question: "Does Making Tax Digital affect me?",
      answer:
        "Making Tax Digital for Income Tax applies to sole traders and landlords in stages: from April 2026 for qualifying income over £50,000, April 2027 over £30,000 and April 2028 over £20,000. You then keep digital records and send quarterly updates with compatible software.",
    },
    {
      question: "When do I need to register for VAT?",
      answer:
        "When your VAT-taxable turnover over the last 12 months goes over £90,000, or you expect it to in the next 30 days. Some contractors register voluntarily; an accountant can tell you whether that helps you.",
    },
    {
      question: "Can I switch accountant during the year?",
      answer:
        "Yes. Your new accountant asks the old one for your records (professional clearance) and takes over from there.",
    },
  ],
  cta: { text: "Find a contractor accountant", link: paths.contact },

} satisfies ServiceCategory;
