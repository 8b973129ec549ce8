import { paths } from "../paths";
import type { ServiceCategory } from "../services";

/** /services/training */
export default {
  title: "Training & Skills",
  description:
    "Introductions to accredited training providers for the tickets, certificates and new skills that win your next contract.",
  icon: "graduation-cap",
  heroImage: "training",
  benefits: [
    "Construction tickets and cards, such as CSCS, SMSTS and SSSTS, with accredited providers",
    "Statutory and mandatory training for healthcare locums and agency staff",
    "Cloud, data and cyber security certifications for IT contractors",
    "Funded routes where you qualify, such as Skills Bootcamps in England",
    "Courses online, in the evening or at the weekend, around your contract",
    "Career conversations about where your skills are in demand next",
  ],
  faq: [
    {
      question: "Can training be funded?",
      answer:
        "Sometimes. Adults in England can apply for free Skills Bootcamps in areas such as digital, construction and green skills, and some agencies pay for the tickets their contractors need. We will tell you which routes you may be eligible for.",
    },
    {
      question: "Are the training providers accredited?",
      answer:
        "We introduce you to providers whose courses lead to the recognised certificate for your sector, for example courses approved by CITB or an awarding body. Check that the certificate is the one your client or agency asks for before you book.",
    },
    {
      question: "Can I claim the cost of training against tax?",
      answer:
        "Training that maintains or updates the skills you already use in your business is usually an allowable expense for the self-employed and for limited companies. Training for a new skill usually is not. An accountant can confirm this for you.",
    },
  ],
  cta: { text: "Find a course", link: paths.contact },

} satisfies ServiceCategory;
