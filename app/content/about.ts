import { paths } from "./paths";
import type { Action, Card } from "./types";

export const aboutHero = {
  eyebrow: "About us",
  title: "Who We Are",
  intro:
    "A UK marketplace and support hub that introduces freelancers and contractors to the agencies, payroll providers, brokers, accountants and trainers they can rely on. We check the partners so you don't have to, and introductions are free for freelancers.",
  actions: [
    { label: "Learn More", href: paths.about, variant: "primary" },
    { label: "Contact Us", href: paths.contact, variant: "secondary" },
  ] satisfies Action[],
};

export const ourStory = {
  heading: "Our Story",
  paragraphs: [
    "We started after years of watching good freelancers lose weeks and money to the wrong partners: umbrella companies with hidden margins, agencies that went quiet after the first placement, and mortgage lenders who turned away anyone paid by the day.",
    "Nearly two million people in the UK now freelance or contract, across healthcare, construction, IT, engineering, logistics and industry. Most of them are experts in their own work, not in PAYE, CIS, umbrella payroll or the off-payroll working rules, yet all of these decide what they take home.",
    "So we built one place to start: tell us what you do and what you need, and we introduce you to partners we have already checked. Agencies and businesses came next, because the best way to help freelancers is to work with the organisations that hire them.",
  ],
};

export const ourMission = {
  heading: "Our Mission",
  paragraphs: [
    "To make independent work in the UK simpler and safer, by connecting every freelancer and contractor with compliant, trustworthy support at each step of their career: finding work, getting paid correctly, securing a home and insurance, and building new skills.",
  ],
};

export const ourVision = {
  heading: "Our Vision",
  paragraphs: [
    "To be the UK's number one marketplace for freelance opportunities and services: the first place a freelancer, contractor, agency or business turns to when they need a partner they can trust.",
  ],
};

export const ourValues = {
  heading: "Our Values",
  intro: "Three commitments we hold ourselves and every partner to.",
  cards: [
    {
      icon: "shield",
      title: "Trust",
      text: "We only introduce partners who have passed our checks, and we remove any who stop meeting them.",
    },
    {
      icon: "search",
      title: "Transparency",
      text: "Clear information on fees, margins and how each partner works, before you commit to anything.",
    },
    {
      icon: "handshake",
      title: "Partnership",
      text: "We stay in touch after the introduction, for freelancers and agencies alike, as contracts and circumstances change.",
    },
  ] satisfies Card[],
};

export const complianceAndVetting = {
  heading: "Compliance & Vetting",
  intro:
    "Every partner is checked before we introduce anyone to them, and reviewed again each year. We are an introduction service: we do not give regulated financial or legal advice, and regulated advice comes only from the authorised firms we introduce.",
  cards: [
    {
      icon: "briefcase",
      title: "Recruitment agencies",
      text: "Companies House records, membership of a recognised trade body such as the REC, and terms that follow the Conduct of Employment Agencies Regulations.",
    },
    {
      icon: "wallet",
      title: "Payroll and umbrella providers",
      text: "HMRC registration, independent accreditation such as FCSA or Professional Passport, and payslips that show every deduction and margin.",
    },
    {
      icon: "landmark",
      title: "Mortgage, insurance and finance",
      text: "Brokers and insurers confirmed on the FCA Register as authorised for the services they offer you.",
    },
    {
      icon: "calculator",
      title: "Accountants and trainers",
      text: "Membership of a professional body such as ICAEW, ACCA or AAT, and recognised qualifications for every course.",
    },
  ] satisfies Card[],
  actions: [{ label: "Speak to the Team", href: paths.contact }] satisfies Action[],
};
