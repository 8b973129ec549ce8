// Agencies & Recruiters (/spotlight/agencies): the recruitment editorial.
import { numberFormats } from "./number-formats";
import { recruitmentFigures as figures } from "./meta/spotlight-agencies";
import { paths } from "./paths";
import { referAndEarnAction } from "./refer-and-earn";
import { recruitmentIndustry } from "./statistics";
import type { Action, Card, Stat } from "./types";

const { turnover, turnoverYear, selfEmployed } = figures;

const comparePayrollProviders: Action = { label: "Compare Payroll Providers", href: paths.contact };
const registerYourAgency: Action = { label: "Register Your Agency", href: paths.contact, variant: "secondary" };

export const agenciesSpotlightHero = {
  eyebrow: "Spotlight: Agencies & Recruiters",
  title: `UK recruitment: a ${turnover} industry that runs on flexible talent`,
  intro: `The recruitment industry turned over ${turnover} in ${turnoverYear}, and ${selfEmployed} self-employed freelancers and contractors are part of the market it serves. This edition looks at what agencies need to place them quickly and compliantly.`,
  actions: [comparePayrollProviders, registerYourAgency, referAndEarnAction] satisfies Action[],
};

export const recruitmentFigures = {
  heading: "Recruitment in numbers",
  stats: [
    { value: recruitmentIndustry.turnoverGbp, label: `recruitment industry turnover, ${turnoverYear}`, format: numberFormats.gbpBn },
    {
      value: recruitmentIndustry.selfEmployedFreelancersAndContractors,
      label: "self-employed freelancers and contractors",
      format: numberFormats.millionsPlus,
    },
  ] satisfies Stat[],
};

export const agencyNeeds = {
  heading: "What agencies need from their partners",
  intro: "Placing a contractor is only half the job. The other half is making sure they are paid, insured and compliant.",
  cards: [
    {
      icon: "wallet",
      title: "Compliant payroll partners",
      text: "PAYE, CIS and umbrella providers we have checked, so your contractors are paid correctly from the first week.",
    },
    {
      icon: "users",
      title: "Vetted freelancers",
      text: "Introductions to freelancers and contractors in your sectors who are ready to work.",
    },
    {
      icon: "shield",
      title: "Compliance you can evidence",
      text: "Providers that give you the documents your own audits and your clients ask for.",
    },
    {
      icon: "gift",
      title: "Referral bonuses",
      text: "Refer freelancers and partner agencies to us and earn a bonus when they join.",
    },
  ] satisfies Card[],
};

export const complianceChecklist = {
  heading: "An agency's compliance checklist",
  intro: "Before a contractor starts, check that each of these is in place.",
  items: [
    "Right to work checks completed and recorded before the first shift.",
    "A Key Information Document given to every work-seeker before they agree terms.",
    "A status determination statement for every off-payroll engagement, passed down the chain.",
    "Due diligence on every umbrella company in your supply chain, renewed each year.",
    "CIS verification for construction subcontractors before the first payment.",
    "Holiday pay and pension auto-enrolment handled by whoever employs the worker.",
  ],
};

export const nextEdition = {
  heading: "Next edition: IR35",
  intro: "Our next edition is about IR35, the off-payroll working rules, and what they mean for agencies in the middle of the chain.",
  items: [
    "Who decides a contractor's status, and how to check a status determination statement.",
    "Which party is the fee-payer, and what that makes the agency responsible for.",
    "How umbrella and limited company contractors are affected, and the questions they will ask you.",
  ],
};

export const agenciesSpotlightCta = {
  heading: "Register your agency",
  text: "Tell us about your agency and the sectors you recruit for. We will introduce you to compliant payroll providers and freelancers who fit.",
  actions: [
    { ...registerYourAgency, variant: "primary" },
    { ...comparePayrollProviders, variant: "secondary" },
  ] satisfies Action[],
};
