import faq from "../../content/faqs/agencies.yaml";
import testimonials from "../../content/testimonials/agencies.yaml";
import { CONTACT_RESPONSE_PROMISE } from "./constants";
import { paths } from "./paths";
import type { ContentOf } from "./schemas";
import type { Action, Card, Step } from "./types";

export const agenciesHero = {
  eyebrow: "For agencies and businesses",
  title: "Reach Compliant, Ready-to-Work Freelancers",
  intro:
    "Partner with us to meet freelancers and contractors across healthcare, construction, IT, engineering and logistics, and to give the people you place access to vetted payroll, insurance and training.",
  actions: [
    { label: "Become a Partner", href: paths.contact, variant: "primary" },
    { label: "Speak with Us", href: paths.contact, variant: "secondary" },
  ] satisfies Action[],
};

export const whatWeOffer = {
  heading: "What We Offer",
  intro: "A partnership built around the people you hire and the compliance questions your clients ask.",
  cards: [
    {
      icon: "users",
      title: "Pre-qualified candidates",
      text: "Freelancers and contractors who have told us their sector, skills, availability and how they want to be paid, introduced with their consent.",
    },
    {
      icon: "wallet",
      title: "Compliant payroll partners",
      text: "PAYE, umbrella and CIS providers we have checked for accreditation and transparent pay, to help keep your supply chain compliant.",
    },
    {
      icon: "file-text",
      title: "Sector and market insight",
      text: "Spotlight reports on freelancer numbers, day rates and IR35 trends in the sectors you recruit for.",
    },
    {
      icon: "landmark",
      title: "Tenders and project delivery",
      text: "A place in subcontractor teams bidding for public and private sector work, from NHS facilities frameworks to school refurbishments.",
    },
  ] satisfies Card[],
};

export const partnershipProcess = {
  heading: "Partnership Process",
  intro: "Three steps from first conversation to your first introduction.",
  steps: [
    {
      title: "Tell us about your business",
      text: "The sectors, regions and roles you recruit for, and how you engage and pay workers today.",
    },
    {
      title: "Vetting and onboarding",
      text: "We check your company, memberships and compliance documents, then agree how introductions and referrals will work.",
    },
    {
      title: "Start receiving introductions",
      text: "We introduce matched freelancers and recommend your services to our community, with one named contact for everything.",
    },
  ] satisfies Step[],
};

export const agenciesFaq = faq as ContentOf<"faqs/*.yaml">;

export const agencyTestimonials = testimonials as ContentOf<"testimonials/agencies.yaml">;

export const agenciesCta = {
  heading: "Ready to Partner With Us?",
  text: `Tell us about your agency or business and we will be in touch within ${CONTACT_RESPONSE_PROMISE}.`,
  actions: [{ label: "Get Started", href: paths.contact }] satisfies Action[],
};
