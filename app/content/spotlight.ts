// Spotlight On (/spotlight): UK freelancers by sector.
import { numberFormats } from "./number-formats";
import { workforceFigures } from "./meta/spotlight";
import { paths } from "./paths";
import { freelancersBySector2025, type SectorEstimate, sectorEstimatesYear, ukWorkforce } from "./statistics";
import type { Action, Stat } from "./types";

const { freelancers, selfEmployed, someCapacity } = workforceFigures;

export const spotlightHero = {
  eyebrow: "Spotlight On",
  title: "UK freelancers by sector",
  intro: `About ${freelancers} people in the UK freelance, out of ${selfEmployed} self-employed, and ${someCapacity} freelance in some capacity. This edition looks at where they work, and what each sector needs from payroll, agencies and support.`,
  actions: [{ label: "Get Support for Your Sector", href: paths.contact }] satisfies Action[],
};

export const workforce = {
  heading: "The UK freelance workforce",
  intro: "Three ways of counting the same workforce, from the narrowest to the widest.",
  stats: [
    { value: ukWorkforce.freelancers, label: "UK freelancers (estimate)", format: numberFormats.millions },
    { value: ukWorkforce.selfEmployed, label: "self-employed people", format: numberFormats.millionsShort },
    { value: ukWorkforce.freelanceInSomeCapacity, label: "people who freelance in some capacity", format: numberFormats.millionsShort },
  ] satisfies Stat[],
};

export const sectorEstimates = {
  heading: `Freelancers by sector: ${sectorEstimatesYear} estimates`,
  intro: "Technology and construction lead, but freelancers now work in every part of the economy.",
  stats: freelancersBySector2025.map(
    (sector: SectorEstimate): Stat => ({
      value: sector.value,
      label: sector.name,
      format: sector.atLeast ? numberFormats.thousandsPlus : numberFormats.thousands,
    }),
  ),
  note: "Estimates, rounded. Other covers every sector not listed, and is at least the figure shown.",
};

export const sectorNeeds = {
  heading: "What each sector needs",
  intro: "The sector decides the paperwork. These are the questions we hear most, and where payroll comes first.",
  items: [
    "Information Tech: an IR35 status view before choosing between an umbrella company and your own limited company.",
    "Construction (CIS): CIS registration, the right deduction rate, and monthly statements you can check.",
    "Health & Social Care: payroll that copes with shifts for several agencies and trusts in the same month.",
    "Creative & Media: project-by-project income, clear expenses rules and cover between contracts.",
    "Education & Training: supply and tutoring work paid correctly through PAYE or an umbrella company.",
    "Finance, Legal and Business Services: interim and consulting roles where contract terms decide tax status.",
    "Transport & Logistics: drivers and warehouse staff who need holiday pay and pension paid correctly.",
  ],
  actions: [
    { label: "Read the Payroll & Compliance Spotlight", href: paths.spotlightPayroll, variant: "secondary" },
  ] satisfies Action[],
};

export const spotlightCta = {
  heading: "Not sure where your sector fits?",
  text: "Tell us what you do and what you need. We will introduce you to agencies and payroll providers that know your sector.",
  actions: [{ label: "Contact Us", href: paths.contact }] satisfies Action[],
};
