import { paths } from "../paths";
import type { ServiceCategory } from "../services";

/** /services/payroll */
export default {
  title: "Compliant Payroll (PAYE, CIS & Umbrella)",
  description:
    "Introductions to compliant PAYE, CIS and umbrella payroll providers that pay you correctly, on time, with clear payslips.",
  icon: "wallet",
  heroImage: "payroll",
  benefits: [
    "PAYE agency payroll, CIS for construction subcontractors and umbrella employment, all in one place",
    "Providers checked for accreditation, transparent margins and no disguised remuneration schemes",
    "Payslips that show the assignment rate, every deduction and your take-home pay",
    "CIS subcontractors paid with the right deduction: 20% registered, 30% unregistered, nil with gross payment status",
    "Holiday pay, pension auto-enrolment and statutory pay handled properly under umbrella employment",
    "A named contact to fix a wrong payslip quickly",
  ],
  faq: [
    {
      question: "What is the difference between PAYE, CIS and umbrella payroll?",
      answer:
        "Under PAYE the agency pays you through its own payroll as a temporary worker. CIS is the Construction Industry Scheme: contractors deduct 20% (or 30% if you are not registered) from a subcontractor’s labour and pass it to HMRC as an advance on your tax. An umbrella company employs you, invoices the agency for your work and pays you through PAYE with employee rights such as holiday pay.",
    },
    {
      question: "How do I know an umbrella company is compliant?",
      answer:
        "A compliant umbrella shows the full calculation on your payslip, deducts Income Tax and National Insurance on all your pay, and never pays part of it as a ‘loan’ or an untaxed bonus. Since April 2026 the agency that places you shares responsibility for the PAYE its umbrella deducts, so good agencies check umbrellas closely. We only introduce you to providers that pass our checks.",
    },
    {
      question: "Why is my take-home pay lower than my day rate?",
      answer:
        "Under umbrella employment the assignment rate also has to cover employer’s National Insurance, the Apprenticeship Levy, the employer’s pension contribution, holiday pay and the umbrella’s margin before your own tax and National Insurance. A good provider shows each of these on your payslip.",
    },
    {
      question: "Can you help me get CIS gross payment status?",
      answer:
        "We can introduce you to a CIS payroll provider and an accountant who know the tests HMRC applies (turnover, compliance and business tests). The application itself is made to HMRC by you or your accountant.",
    },
  ],
  cta: { text: "Compare payroll providers", link: paths.contact },

} satisfies ServiceCategory;
