import hero from "../../content/home/hero.yaml";
import testimonials from "../../content/testimonials/home.yaml";
import { paths } from "./paths";
import type { ContentOf } from "./schemas";
import type { Action, Card, Country, HeroVideo, Step } from "./types";

export const homeHero = {
  ...(hero as ContentOf<"home/hero.yaml">),
  // The video is made by scripts/make-media.sh, not edited.
  video: {
    webm: "/media/hero.webm",
    mp4: "/media/hero.mp4",
    poster: "/media/hero-poster.webp",
  } satisfies HeroVideo,
};

export const pillars = {
  heading: "Our 4 Pillars",
  intro: "Everything a UK freelancer needs to work with confidence, through one trusted introduction.",
  cards: [
    {
      icon: "handshake",
      title: "Vetted recruitment agencies",
      text: "Connect with recruitment agencies we have checked, in your sector and your region.",
    },
    {
      icon: "wallet",
      title: "Compliant payroll providers",
      text: "Access PAYE, CIS and umbrella payroll providers that pay you correctly and on time.",
    },
    {
      icon: "home",
      title: "Mortgages, insurance and financial support",
      text: "Freelance-friendly mortgages, insurance and financial support that understand contract income.",
    },
    {
      icon: "graduation-cap",
      title: "Training, skills and careers",
      text: "Training, new skills and career opportunities that keep your next contract within reach.",
    },
  ] satisfies Card[],
};

export const sectorsWeSupport = {
  heading: "Sectors We Support",
  intro: "We work with freelancers, contractors and agencies on both sides of the economy.",
  cards: [
    {
      icon: "landmark",
      title: "Public Sector",
      text: "NHS trusts, local authorities, schools and government frameworks that rely on contract talent.",
    },
    {
      icon: "building",
      title: "Private Sector",
      text: "Businesses of every size, from start-ups to national contractors, hiring flexible specialists.",
    },
  ] satisfies Card[],
};

export const freelancerSupport = {
  heading: "Freelancer Support",
  intro: "Specialist support for the sectors where most UK freelancers and contractors work.",
  cards: [
    { icon: "heart-pulse", title: "Healthcare", text: "Locum, agency and bank roles across health and social care." },
    { icon: "hard-hat", title: "Construction", text: "CIS-registered trades, site managers and project professionals." },
    { icon: "truck", title: "Logistics", text: "Drivers, warehouse and supply-chain contractors kept moving." },
    { icon: "cog", title: "Engineering", text: "Civil, mechanical and electrical engineers on contract." },
    { icon: "cpu", title: "IT & Technology", text: "Developers, data and cloud specialists inside and outside IR35." },
    { icon: "factory", title: "Industrial", text: "Manufacturing, maintenance and industrial trades." },
  ] satisfies Card[],
};

export const countries = {
  heading: "Countries We Operate In",
  intro: "Based in the UK, with partners for freelancers working across Europe, the USA and the UAE.",
  list: [
    { name: "United Kingdom", flag: "gb" },
    { name: "Europe", flag: "eu" },
    { name: "U.S.A", flag: "us" },
    { name: "UAE", flag: "ae" },
  ] satisfies Country[],
};

export const howItWorks = {
  heading: "How It Works",
  intro: "Three steps from your first message to working with a partner you can trust.",
  steps: [
    { title: "Tell us your sector and need", text: "Share what you do and what you are looking for. It takes two minutes." },
    { title: "We introduce you to trusted, vetted partners", text: "We match you with partners we have checked, and introduce you personally." },
    { title: "Start with confidence and support", text: "Get started knowing we are here if you need us along the way." },
  ] satisfies Step[],
};

export const homeTestimonials = testimonials as ContentOf<"testimonials/home.yaml">;

export const homeCta = {
  heading: "Get Started Today",
  text: "Tell us what you need and we will be in touch within 1–2 business days.",
  actions: [{ label: "Get Started Today", href: paths.contact }] satisfies Action[],
};
