import faq from "../../content/faqs/freelancers.yaml";
import { CONTACT_RESPONSE_PROMISE } from "./constants";
import { paths } from "./paths";
import type { ContentOf } from "./schemas";
import type { Action, Card, Step } from "./types";

/**
 * The spec lists this hero under About but says its page is not shown, and
 * leaves the Freelancers hero blank; it speaks to a freelancer's career, so it
 * opens this page (About keeps Who We Are as its one hero).
 */
export const freelancersHero = {
  eyebrow: "For freelancers and contractors",
  title: "Your Career Backed by Trusted Support",
  intro:
    "Whether you are paid through an umbrella company, your own limited company or as a CIS subcontractor, we introduce you to vetted agencies, compliant payroll providers and freelance-friendly financial support. Introductions are free for freelancers.",
  actions: [
    { label: "Explore Our Services", href: paths.services, variant: "primary" },
    { label: "Contact Us", href: paths.contact, variant: "secondary" },
  ] satisfies Action[],
};

export const whyChooseUs = {
  heading: "Why Choose Us",
  intro: "Independent work brings freedom and paperwork. We help with the second part.",
  carouselLabel: "Reasons freelancers choose us",
  cards: [
    {
      icon: "gift",
      title: "Free for freelancers",
      text: "You never pay for an introduction: no subscription, no sign-up fee and no obligation to go ahead.",
    },
    {
      icon: "shield",
      title: "Vetted partners only",
      text: "Every agency, payroll provider, broker and accountant we introduce has passed our compliance and accreditation checks.",
    },
    {
      icon: "briefcase",
      title: "Specialists in your sector",
      text: "We know how work is engaged in healthcare, construction, IT, engineering and logistics, from NHS frameworks to CIS.",
    },
    {
      icon: "scale",
      title: "Plain English on pay and IR35",
      text: "Understand PAYE, umbrella and limited company working before you choose, and ask partners the right questions.",
    },
    {
      icon: "message",
      title: "Someone on your side",
      text: "One named contact from your first message to your first payslip, and whenever your situation changes after that.",
    },
  ] satisfies Card[],
};

export const servicesForFreelancers = {
  heading: "Services for Freelancers",
  intro: "One introduction opens the door to everything a UK freelancer needs to work with confidence.",
  carouselLabel: "Support we can introduce you to",
  cards: [
    {
      icon: "handshake",
      title: "Recruitment agencies",
      text: "Agencies that place contractors in your sector and region, with clear terms and a record of paying on time.",
    },
    {
      icon: "wallet",
      title: "PAYE, CIS and umbrella payroll",
      text: "Compare accredited umbrella companies and payroll providers, with fees, margins and take-home pay shown before you sign.",
    },
    {
      icon: "home",
      title: "Mortgages and insurance",
      text: "FCA-authorised brokers who understand day rates and contract income, plus professional indemnity, public liability and income protection cover.",
    },
    {
      icon: "calculator",
      title: "Accounting and tax",
      text: "Accountants for limited company contractors and sole traders: Self Assessment, VAT, year-end accounts and IR35 contract reviews.",
    },
    {
      icon: "graduation-cap",
      title: "Training and careers",
      text: "Courses, certifications and CSCS cards that open up better-paid contracts and keep your skills current.",
    },
  ] satisfies Card[],
};

export const freelancersHowItWorks = {
  heading: "How It Works",
  intro: "From your first message to working with a partner you trust, in three steps.",
  steps: [
    {
      title: "Tell us about your work",
      text: "Your sector, how you are paid today and what you need: an agency, a payroll provider, a mortgage, cover or a course.",
    },
    {
      title: "Get matched and introduced",
      text: `We choose vetted partners that fit and introduce you personally, usually within ${CONTACT_RESPONSE_PROMISE}.`,
    },
    {
      title: "Work with confidence",
      text: "Compare your options, decide in your own time, and come back to us whenever your contract or circumstances change.",
    },
  ] satisfies Step[],
};

export const freelancersFaq = faq as ContentOf<"faqs/*.yaml">;

export const getIntroduced = {
  heading: "Get Introduced",
  text: `Tell us what you need and we will introduce you to vetted partners. It is free, and we reply within ${CONTACT_RESPONSE_PROMISE}.`,
  actions: [{ label: "Get Introduced", href: paths.contact }] satisfies Action[],
};
