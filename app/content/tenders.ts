// Tenders & Project Delivery (/spotlight/tenders).
import tenderFiles from "../../content/tenders/*.yaml";
import { paths } from "./paths";
import type { ContentOf } from "./schemas";
import type { Action, Card, Step } from "./types";

const contactUs: Action = { label: "Agencies & Clients – Contact Us", href: paths.contact };
const registerInterest: Action = { label: "Subcontractors – Register Interest", href: paths.contact, variant: "secondary" };

/** What a sample card lists, in this order. */
const terms = { value: "Value", client: "Client type", scope: "Scope" } as const;

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
  // One file per tender (the folder is read in file-name order), shown by `order`.
  cards: [...(tenderFiles as ContentOf<"tenders/*.yaml">[])]
    .sort((a, b) => a.order - b.order)
    .map(({ icon, title, text, value, client, scope }) => ({
      icon,
      title,
      text,
      details: [
        { term: terms.value, detail: value },
        { term: terms.client, detail: client },
        { term: terms.scope, detail: scope },
      ],
    })) satisfies Card[],
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
