// Member (/member): the members area.
import { paths } from "./paths";
import { referAndEarnAction } from "./refer-and-earn";
import type { Action, Card, Step } from "./types";

const joinAsFreelancer: Action = { label: "Join as Freelancer", href: paths.contact };
const joinAsAgency: Action = { label: "Join as Agency", href: paths.contact, variant: "secondary" };

export const memberHero = {
  eyebrow: "Services: Member",
  title: "The members area",
  intro:
    "One place for freelancers and agencies to compare providers, keep up with their sector, meet each other and earn bonuses for referrals.",
  actions: [joinAsFreelancer, joinAsAgency, referAndEarnAction] satisfies Action[],
};

export const memberBenefits = {
  heading: "What members get",
  intro: "Everything we learn from working with freelancers, agencies and providers, in one place.",
  cards: [
    {
      icon: "scale",
      title: "Provider comparison",
      text: "Compare vetted payroll, insurance, mortgage and accounting providers side by side.",
    },
    {
      icon: "calculator",
      title: "Sector reports and calculators",
      text: "Reports on pay and demand in your sector, and calculators for day rates and take-home pay.",
    },
    {
      icon: "gift",
      title: "Joining bonuses",
      text: "Bonuses from partners when you join them through the members area.",
    },
    {
      icon: "calendar",
      title: "Events",
      text: "Briefings on IR35, CIS and payroll changes, and meet-ups for freelancers and agencies.",
    },
    {
      icon: "users",
      title: "Referral dashboard",
      text: "See the people you have referred, where each referral stands, and the bonuses you have earned.",
    },
    {
      icon: "download",
      title: "Download centre",
      text: "Guides, checklists and templates for contracts, invoices and compliance paperwork.",
    },
    {
      icon: "message",
      title: "Community space",
      text: "Ask questions and share what works with freelancers and agencies in your sector.",
    },
  ] satisfies Card[],
};

export const howToJoin = {
  heading: "How to join",
  intro: "Membership starts with a short conversation.",
  steps: [
    { title: "Tell us who you are", text: "Join as a freelancer or as an agency, and tell us your sector." },
    { title: "We set up your membership", text: "We confirm your details and open the members area for you." },
    { title: "Compare, learn and refer", text: "Compare providers, use the reports and tools, and start earning referral bonuses." },
  ] satisfies Step[],
};

export const memberCta = {
  heading: "Join the members area",
  text: "Freelancer or agency, tell us a little about yourself and we will set up your membership.",
  actions: [joinAsFreelancer, joinAsAgency] satisfies Action[],
};
