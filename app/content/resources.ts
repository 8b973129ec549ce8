import faq from "../../content/faqs/resources.yaml";
import type { ContentOf } from "./schemas";
import type { Card } from "./types";

export const resourcesHero = {
  eyebrow: "Resources",
  title: "Guides and updates for UK freelancers",
  intro:
    "Straight answers on the rules that affect how you work and get paid, written for freelancers and contractors rather than accountants.",
};

export const guides = {
  heading: "Guides",
  intro: "Start with the questions freelancers ask us most.",
  items: [
    {
      icon: "file-text",
      title: "IR35 explained: inside or outside, and who decides",
      text: "How the off-payroll rules work, what a Status Determination Statement is, and what to do if you disagree with one.",
    },
    {
      icon: "wallet",
      title: "Umbrella company payslips, line by line",
      text: "From assignment rate to take-home pay: every deduction an umbrella makes, and the warning signs of a non-compliant one.",
    },
    {
      icon: "hard-hat",
      title: "The Construction Industry Scheme for subcontractors",
      text: "Registering for CIS, the 20% and 30% rates, monthly statements, refunds and how to qualify for gross payment status.",
    },
    {
      icon: "home",
      title: "Getting a mortgage as a contractor",
      text: "How lenders assess day rates, which documents to gather, and when a specialist broker makes the difference.",
    },
  ] satisfies Card[],
};

export const resourcesFaq = faq as ContentOf<"faqs/*.yaml">;

export interface IndustryUpdate {
  title: string;
  summary: string;
}

/** Editorial notices, each shown dated with the visitor's today's date, as the spec asks. */
export const industryUpdates = {
  heading: "Industry updates",
  intro: "What is changing for freelancers and contractors, and what to check now.",
  dateLabel: "Updated",
  items: [
    {
      title: "Agencies now share responsibility for umbrella PAYE",
      summary:
        "Since April 2026, the agency that places you through an umbrella company is responsible for the PAYE that umbrella deducts. Expect more checks on your umbrella, and make sure your payslip shows every deduction.",
    },
    {
      title: "Making Tax Digital for Income Tax has begun",
      summary:
        "Sole traders with qualifying income over £50,000 now keep digital records and send quarterly updates to HMRC. The threshold falls to £30,000 in April 2027, so check whether you are next.",
    },
    {
      title: "CIS subcontractors: check your monthly statements",
      summary:
        "Your contractor must give you a CIS statement each month showing what was deducted. Keep every one: they are how you claim back overpaid tax through your Self Assessment return.",
    },
  ] satisfies IndustryUpdate[],
};
