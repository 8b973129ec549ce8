import { paths } from "../paths";
import type { ServiceCategory } from "../services";

/** /services/mortgages */
export default {
  title: "Mortgages for Contractors",
  description:
    "Introductions to FCA-authorised mortgage brokers who can have a contractor assessed on their day rate, not two years of accounts.",
  icon: "home",
  heroImage: "mortgages",
  benefits: [
    "Brokers who work with lenders that assess contractors on an annualised day rate",
    "Options for limited company directors, umbrella employees and CIS subcontractors",
    "Help when you are new to contracting or between contracts",
    "Remortgages, first homes, home movers and buy-to-let",
    "Whole-of-market brokers authorised and regulated by the Financial Conduct Authority",
    "A clear list of the documents lenders will ask you for, before you apply",
  ],
  faq: [
    {
      question: "Can I get a mortgage on a day rate?",
      answer:
        "Often, yes. Some lenders work out a contractor’s income from the day rate in the current contract, typically multiplied by five days and around 46 to 48 weeks, instead of asking for two years of accounts. A specialist broker knows which lenders do this and what they need to see.",
    },
    {
      question: "I have only just started contracting. Is that a problem?",
      answer:
        "Not always. Some lenders accept a new contractor with a history of similar work, or a contract with time left to run. A broker can tell you where you stand before any credit search.",
    },
    {
      question: "Do you give mortgage advice?",
      answer:
        "No. We introduce you to mortgage brokers authorised and regulated by the Financial Conduct Authority, who give the advice. Your home may be repossessed if you do not keep up repayments on your mortgage.",
    },
    {
      question: "Does a broker charge a fee?",
      answer:
        "Some do and some are paid by the lender. Your broker must tell you about any fee before you go ahead. Our introduction itself is free.",
    },
  ],
  cta: { text: "Find a contractor mortgage broker", link: paths.contact },

} satisfies ServiceCategory;
