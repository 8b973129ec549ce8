import { paths } from "../paths";
import type { ServiceCategory } from "../services";

/** /services/recruitment */
export default {
  title: "Recruitment Agencies",
  description:
    "Introductions to vetted UK recruitment agencies that specialise in your sector, pay on time and work with compliant payroll.",
  icon: "handshake",
  heroImage: "recruitment",
  benefits: [
    "Agencies matched to your sector, seniority and the regions you want to work in",
    "Every agency checked for prompt payment, clear contracts and compliant payroll partners",
    "Public sector frameworks, NHS trusts and private clients, inside and outside IR35",
    "One introduction instead of a dozen cold applications",
    "Honest feedback if an agency is not the right fit for your next contract",
    "Free for freelancers: agencies never charge you to find you work",
  ],
  faq: [
    {
      question: "Do I pay anything to be introduced to an agency?",
      answer:
        "No. Introductions are free for freelancers and contractors. UK law (the Conduct of Employment Agencies Regulations 2003) also stops agencies charging work-seekers a fee for finding them work.",
    },
    {
      question: "How do you choose which agencies to introduce me to?",
      answer:
        "We look at your sector, your experience and the kind of contract you want, then pick agencies with live roles in that area. We only work with agencies that have passed our checks on payment history, contracts and the payroll providers they use.",
    },
    {
      question: "Can you help with roles inside and outside IR35?",
      answer:
        "Yes. We introduce you to agencies that handle both, and who will share the client’s Status Determination Statement with you. We don’t give tax advice, so for a view on your status we can introduce you to a specialist accountant.",
    },
    {
      question: "I run a small agency. Can I join your network?",
      answer:
        "Yes. Tell us about your sectors and payroll arrangements through the contact form and our partnerships team will explain the vetting steps.",
    },
  ],
  cta: { text: "Find the right agency", link: paths.contact },

} satisfies ServiceCategory;
