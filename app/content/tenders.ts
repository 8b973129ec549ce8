// Tenders & Project Delivery (/spotlight/tenders).
import { paths } from "./paths";
import type { Action, Card, Step } from "./types";

const contactUs: Action = { label: "Agencies & Clients – Contact Us", href: paths.contact };
const registerInterest: Action = { label: "Subcontractors – Register Interest", href: paths.contact, variant: "secondary" };

/** What a sample card lists, in this order. */
const terms = { value: "Value", client: "Client type", scope: "Scope" } as const;
const sharedOnRegistration = "Shared with registered subcontractors";

export const tendersHero = {
  eyebrow: "Services: Tenders & Project Delivery",
  title: "Tenders & project delivery",
  intro:
    "We bid for construction tenders with teams of vetted subcontractors, then deliver the work with them. Clients and agencies get one accountable partner; subcontractors get well-run projects and prompt, CIS-compliant pay.",
  actions: [contactUs, registerInterest] satisfies Action[],
};

export const howWeDeliver = {
  heading: "How we deliver",
  intro: "From the tender notice to handover, one team is responsible.",
  steps: [
    {
      title: "We find and bid",
      text: "We follow public and private tenders and bid for the ones our subcontractor teams can deliver well.",
    },
    {
      title: "We build the team",
      text: "We bring together vetted subcontractors with the trades, accreditations and capacity the work needs.",
    },
    {
      title: "We deliver and report",
      text: "We manage the programme on site, pay subcontractors through CIS, and report progress to the client.",
    },
  ] satisfies Step[],
};

export const sampleOpportunities = {
  heading: "Sample opportunities",
  intro: "Examples of the work we bid for. Details of live tenders are shared with registered subcontractors.",
  cards: [
    {
      icon: "home",
      title: "Housing refurbishment",
      text: "Refurbishing occupied homes while tenants stay in them.",
      details: [
        { term: terms.value, detail: "£2.5m" },
        { term: terms.client, detail: "Social housing provider" },
        { term: terms.scope, detail: "Kitchens, bathrooms, roofing, insulation and redecoration" },
      ],
    },
    {
      icon: "heart-pulse",
      title: "NHS trust facilities upgrade framework",
      text: "A framework for upgrading hospital estates, with work called off site by site.",
      details: [
        { term: terms.value, detail: "Framework of call-off contracts" },
        { term: terms.client, detail: "NHS trust" },
        { term: terms.scope, detail: "Mechanical and electrical upgrades, refurbishment and compliance works" },
      ],
    },
    {
      icon: "landmark",
      title: "Infrastructure project",
      text: "Civil engineering works delivered in phases around live services.",
      details: [
        { term: terms.value, detail: sharedOnRegistration },
        { term: terms.client, detail: "Public sector infrastructure owner" },
        { term: terms.scope, detail: "Groundworks, drainage, highways and civil engineering" },
      ],
    },
    {
      icon: "graduation-cap",
      title: "School refurbishments",
      text: "A programme of refurbishments across several schools, timed around term dates.",
      details: [
        { term: terms.value, detail: sharedOnRegistration },
        { term: terms.client, detail: "Local authority" },
        { term: terms.scope, detail: "Classrooms, roofing, heating and accessibility improvements" },
      ],
    },
  ] satisfies Card[],
};

export const whoWeWorkWith = {
  heading: "Who we work with",
  cards: [
    {
      icon: "building",
      title: "Agencies & clients",
      text: "Public bodies, housing providers, main contractors and agencies who need a delivery partner with a ready team.",
    },
    {
      icon: "hard-hat",
      title: "Subcontractors",
      text: "Trades and specialist firms who want steady work on well-run projects, and to be paid on time.",
    },
  ] satisfies Card[],
};

export const subcontractorRequirements = {
  heading: "What subcontractors need to join a team",
  intro: "Have these ready when you register interest, and we can put you forward sooner.",
  items: [
    "CIS registration with HMRC, gross or net.",
    "Public liability insurance, and employer's liability if you employ staff.",
    "CSCS cards or the accreditation your trade requires.",
    "Risk assessments and method statements for your trade.",
    "References from similar projects.",
  ],
};

export const tendersCta = {
  heading: "Bid with us",
  text: "Clients and agencies: tell us about your project. Subcontractors: tell us your trade and region, and we will be in touch when a tender fits.",
  actions: [contactUs, registerInterest] satisfies Action[],
};
