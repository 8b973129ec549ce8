import { paths } from "../paths";
import type { ServiceCategory } from "../services";

/** /services/insurance */
export default {
  title: "Insurance & Protection",
  description:
    "Introductions to FCA-authorised brokers for professional indemnity, public liability, income protection and IR35 cover, built for contract work.",
  icon: "umbrella",
  heroImage: "insurance",
  benefits: [
    "Professional indemnity at the level your clients and agencies ask for",
    "Public liability for site, client-premises and field work",
    "Income protection that recognises contract income and gaps between contracts",
    "IR35 and tax investigation cover for limited company contractors",
    "Employers’ liability if you take on staff or subcontractors",
    "Brokers authorised and regulated by the Financial Conduct Authority",
  ],
  faq: [
    {
      question: "Which insurance does a UK contractor actually need?",
      answer:
        "It depends on your work and your contracts. Many agencies ask for professional indemnity and public liability; employers’ liability is a legal requirement once you employ anyone. A broker will go through your contracts with you and recommend cover. We do not give insurance advice ourselves.",
    },
    {
      question: "Do you sell insurance?",
      answer:
        "No. We introduce you to independent brokers who are authorised and regulated by the Financial Conduct Authority. Any advice, quote and policy comes from them, and they are responsible for it.",
    },
    {
      question: "I work through an umbrella company. Do I still need cover?",
      answer:
        "Most umbrella companies hold professional indemnity and public liability cover for their employees, so check your umbrella’s policy first. Income protection is personal and is not usually included.",
    },
  ],
  cta: { text: "Talk to a broker", link: paths.contact },

} satisfies ServiceCategory;
