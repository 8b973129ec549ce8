import type { ServiceArt } from "~/components/sections/service-art";
import type { IconName } from "~/components/ui/icon";
import { CONTACT_RESPONSE_PROMISE } from "./constants";
import { paths, serviceSlugs, type ServiceSlug } from "./paths";
import type { Action, FaqItem, PageMeta } from "./types";

// The services overview (/services) and one content record per service
// category (/services/{slug}), all rendered by the same two route modules.

/** A headed list on a category page (the USA support list, the UAE community list). */
export interface CategoryList {
  heading: string;
  intro?: string;
  items: readonly string[];
}

export interface ServiceCategory {
  /** Card title, page eyebrow or heading, and page title. */
  title: string;
  /** One or two sentences: the card text, the hero intro and the meta description. */
  description: string;
  /** Icon on the overview card. */
  icon: IconName;
  heroImage: ServiceArt;
  /** Optional hero text in place of the title and description (the USA and UAE pages). */
  hero?: { headline: string; subheadline: string };
  intro?: string;
  /** A benefit may begin with an emoji, which is then shown as its icon. */
  benefits: readonly string[];
  faq: readonly FaqItem[];
  cta: { text: string; link: string };
  support?: CategoryList;
  community?: CategoryList;
}

export const servicesMeta: PageMeta = {
  title: "Services for freelancers and contractors",
  description:
    "Recruitment, compliant payroll, insurance, contractor mortgages, training and accounting for UK freelancers, plus support for freelancers working in the USA and the UAE.",
  path: paths.services,
};

export const servicesHero = {
  eyebrow: "Our services",
  title: "Everything a freelancer needs, through one introduction",
  intro:
    "Choose what you need help with. We introduce you to partners we have checked, at no cost to you, and stay on hand while you get started.",
  browseLabel: "Browse Services",
  actions: [{ label: "Contact Us", href: paths.contact, variant: "secondary" }] satisfies Action[],
};

export const servicesList = {
  heading: "Explore our services",
  intro: "Eight ways we help freelancers and contractors in the UK, the USA and the UAE.",
  /** The visible text of each card's link; the category name follows for screen readers. */
  exploreLabel: "Explore",
};

/** Shared wording of every category page. */
export const serviceCategoryCopy = {
  eyebrow: "Services",
  introHeading: "Overview",
  benefitsHeading: "What you get",
  faqHeading: "Frequently asked questions",
  ctaHeading: "Ready for an introduction?",
  ctaText: `Tell us what you need in two minutes. We will reply within ${CONTACT_RESPONSE_PROMISE}, and introductions are free for freelancers.`,
  notFound: {
    title: "Category not found",
    text: "We don’t have a service at this address. Every service we offer is listed on our services page.",
    backLabel: "Back to Services",
  },
} as const;

export const serviceCategories: Readonly<Record<ServiceSlug, ServiceCategory>> = {
  recruitment: {
    title: "Recruitment Agencies",
    description:
      "Introductions to vetted UK recruitment agencies that specialise in your sector, pay on time and work with compliant payroll.",
    icon: "handshake",
    heroImage: "recruitment",
    benefits: [
      "Agencies matched to your sector, seniority and the regions you want to work in",
      "Every agency checked for prompt payment, clear contracts and compliant payroll partners",
      "Public sector frameworks, NHS trusts and private clients, inside and outside IR35",
      "One introduction instead of a dozen cold applications",
      "Honest feedback if an agency is not the right fit for your next contract",
      "Free for freelancers: agencies never charge you to find you work",
    ],
    faq: [
      {
        question: "Do I pay anything to be introduced to an agency?",
        answer:
          "No. Introductions are free for freelancers and contractors. UK law (the Conduct of Employment Agencies Regulations 2003) also stops agencies charging work-seekers a fee for finding them work.",
      },
      {
        question: "How do you choose which agencies to introduce me to?",
        answer:
          "We look at your sector, your experience and the kind of contract you want, then pick agencies with live roles in that area. We only work with agencies that have passed our checks on payment history, contracts and the payroll providers they use.",
      },
      {
        question: "Can you help with roles inside and outside IR35?",
        answer:
          "Yes. We introduce you to agencies that handle both, and who will share the client’s Status Determination Statement with you. We don’t give tax advice, so for a view on your status we can introduce you to a specialist accountant.",
      },
      {
        question: "I run a small agency. Can I join your network?",
        answer:
          "Yes. Tell us about your sectors and payroll arrangements through the contact form and our partnerships team will explain the vetting steps.",
      },
    ],
    cta: { text: "Find the right agency", link: paths.contact },
  },
  payroll: {
    title: "Compliant Payroll (PAYE, CIS & Umbrella)",
    description:
      "Introductions to compliant PAYE, CIS and umbrella payroll providers that pay you correctly, on time, with clear payslips.",
    icon: "wallet",
    heroImage: "payroll",
    benefits: [
      "PAYE agency payroll, CIS for construction subcontractors and umbrella employment, all in one place",
      "Providers checked for accreditation, transparent margins and no disguised remuneration schemes",
      "Payslips that show the assignment rate, every deduction and your take-home pay",
      "CIS subcontractors paid with the right deduction: 20% registered, 30% unregistered, nil with gross payment status",
      "Holiday pay, pension auto-enrolment and statutory pay handled properly under umbrella employment",
      "A named contact to fix a wrong payslip quickly",
    ],
    faq: [
      {
        question: "What is the difference between PAYE, CIS and umbrella payroll?",
        answer:
          "Under PAYE the agency pays you through its own payroll as a temporary worker. CIS is the Construction Industry Scheme: contractors deduct 20% (or 30% if you are not registered) from a subcontractor’s labour and pass it to HMRC as an advance on your tax. An umbrella company employs you, invoices the agency for your work and pays you through PAYE with employee rights such as holiday pay.",
      },
      {
        question: "How do I know an umbrella company is compliant?",
        answer:
          "A compliant umbrella shows the full calculation on your payslip, deducts Income Tax and National Insurance on all your pay, and never pays part of it as a ‘loan’ or an untaxed bonus. Since April 2026 the agency that places you shares responsibility for the PAYE its umbrella deducts, so good agencies check umbrellas closely. We only introduce you to providers that pass our checks.",
      },
      {
        question: "Why is my take-home pay lower than my day rate?",
        answer:
          "Under umbrella employment the assignment rate also has to cover employer’s National Insurance, the Apprenticeship Levy, the employer’s pension contribution, holiday pay and the umbrella’s margin before your own tax and National Insurance. A good provider shows each of these on your payslip.",
      },
      {
        question: "Can you help me get CIS gross payment status?",
        answer:
          "We can introduce you to a CIS payroll provider and an accountant who know the tests HMRC applies (turnover, compliance and business tests). The application itself is made to HMRC by you or your accountant.",
      },
    ],
    cta: { text: "Compare payroll providers", link: paths.contact },
  },
  insurance: {
    title: "Insurance & Protection",
    description:
      "Introductions to FCA-authorised brokers for professional indemnity, public liability, income protection and IR35 cover, built for contract work.",
    icon: "umbrella",
    heroImage: "insurance",
    benefits: [
      "Professional indemnity at the level your clients and agencies ask for",
      "Public liability for site, client-premises and field work",
      "Income protection that recognises contract income and gaps between contracts",
      "IR35 and tax investigation cover for limited company contractors",
      "Employers’ liability if you take on staff or subcontractors",
      "Brokers authorised and regulated by the Financial Conduct Authority",
    ],
    faq: [
      {
        question: "Which insurance does a UK contractor actually need?",
        answer:
          "It depends on your work and your contracts. Many agencies ask for professional indemnity and public liability; employers’ liability is a legal requirement once you employ anyone. A broker will go through your contracts with you and recommend cover. We do not give insurance advice ourselves.",
      },
      {
        question: "Do you sell insurance?",
        answer:
          "No. We introduce you to independent brokers who are authorised and regulated by the Financial Conduct Authority. Any advice, quote and policy comes from them, and they are responsible for it.",
      },
      {
        question: "I work through an umbrella company. Do I still need cover?",
        answer:
          "Most umbrella companies hold professional indemnity and public liability cover for their employees, so check your umbrella’s policy first. Income protection is personal and is not usually included.",
      },
    ],
    cta: { text: "Talk to a broker", link: paths.contact },
  },
  mortgages: {
    title: "Mortgages for Contractors",
    description:
      "Introductions to FCA-authorised mortgage brokers who can have a contractor assessed on their day rate, not two years of accounts.",
    icon: "home",
    heroImage: "mortgages",
    benefits: [
      "Brokers who work with lenders that assess contractors on an annualised day rate",
      "Options for limited company directors, umbrella employees and CIS subcontractors",
      "Help when you are new to contracting or between contracts",
      "Remortgages, first homes, home movers and buy-to-let",
      "Whole-of-market brokers authorised and regulated by the Financial Conduct Authority",
      "A clear list of the documents lenders will ask you for, before you apply",
    ],
    faq: [
      {
        question: "Can I get a mortgage on a day rate?",
        answer:
          "Often, yes. Some lenders work out a contractor’s income from the day rate in the current contract, typically multiplied by five days and around 46 to 48 weeks, instead of asking for two years of accounts. A specialist broker knows which lenders do this and what they need to see.",
      },
      {
        question: "I have only just started contracting. Is that a problem?",
        answer:
          "Not always. Some lenders accept a new contractor with a history of similar work, or a contract with time left to run. A broker can tell you where you stand before any credit search.",
      },
      {
        question: "Do you give mortgage advice?",
        answer:
          "No. We introduce you to mortgage brokers authorised and regulated by the Financial Conduct Authority, who give the advice. Your home may be repossessed if you do not keep up repayments on your mortgage.",
      },
      {
        question: "Does a broker charge a fee?",
        answer:
          "Some do and some are paid by the lender. Your broker must tell you about any fee before you go ahead. Our introduction itself is free.",
      },
    ],
    cta: { text: "Find a contractor mortgage broker", link: paths.contact },
  },
  training: {
    title: "Training & Skills",
    description:
      "Introductions to accredited training providers for the tickets, certificates and new skills that win your next contract.",
    icon: "graduation-cap",
    heroImage: "training",
    benefits: [
      "Construction tickets and cards, such as CSCS, SMSTS and SSSTS, with accredited providers",
      "Statutory and mandatory training for healthcare locums and agency staff",
      "Cloud, data and cyber security certifications for IT contractors",
      "Funded routes where you qualify, such as Skills Bootcamps in England",
      "Courses online, in the evening or at the weekend, around your contract",
      "Career conversations about where your skills are in demand next",
    ],
    faq: [
      {
        question: "Can training be funded?",
        answer:
          "Sometimes. Adults in England can apply for free Skills Bootcamps in areas such as digital, construction and green skills, and some agencies pay for the tickets their contractors need. We will tell you which routes you may be eligible for.",
      },
      {
        question: "Are the training providers accredited?",
        answer:
          "We introduce you to providers whose courses lead to the recognised certificate for your sector, for example courses approved by CITB or an awarding body. Check that the certificate is the one your client or agency asks for before you book.",
      },
      {
        question: "Can I claim the cost of training against tax?",
        answer:
          "Training that maintains or updates the skills you already use in your business is usually an allowable expense for the self-employed and for limited companies. Training for a new skill usually is not. An accountant can confirm this for you.",
      },
    ],
    cta: { text: "Find a course", link: paths.contact },
  },
  accounting: {
    title: "Accounting & Tax",
    description:
      "Introductions to contractor accountants for limited companies, sole traders and CIS subcontractors, including Making Tax Digital.",
    icon: "calculator",
    heroImage: "accounting",
    benefits: [
      "Fixed monthly fees agreed up front, with no surprise bills",
      "Limited company accounts, Corporation Tax, VAT and director’s Self Assessment",
      "Sole trader and CIS subcontractor tax returns, including CIS refunds",
      "Making Tax Digital for Income Tax, set up before your quarterly updates are due",
      "IR35 contract reviews from accountants who work with contractors every day",
      "Qualified, regulated accountants (for example ACCA, ICAEW or AAT members)",
    ],
    faq: [
      {
        question: "Do I need an accountant as a freelancer?",
        answer:
          "Not by law, but most limited company contractors use one, and many sole traders do once their income grows. An accountant makes sure your returns are right and on time, and often saves more than the fee.",
      },
      {
        question: "Does Making Tax Digital affect me?",
        answer:
          "Making Tax Digital for Income Tax applies to sole traders and landlords in stages: from April 2026 for qualifying income over £50,000, April 2027 over £30,000 and April 2028 over £20,000. You then keep digital records and send quarterly updates with compatible software.",
      },
      {
        question: "When do I need to register for VAT?",
        answer:
          "When your VAT-taxable turnover over the last 12 months goes over £90,000, or you expect it to in the next 30 days. Some contractors register voluntarily; an accountant can tell you whether that helps you.",
      },
      {
        question: "Can I switch accountant during the year?",
        answer:
          "Yes. Your new accountant asks the old one for your records (professional clearance) and takes over from there.",
      },
    ],
    cta: { text: "Find a contractor accountant", link: paths.contact },
  },
  usa: {
    title: "Freelancing in the USA",
    description:
      "Support for UK freelancers working with US clients or moving to the United States: cross-border tax, payroll, insurance and US partner introductions.",
    icon: "globe",
    heroImage: "usa",
    hero: {
      headline: "Work with American clients, without the paperwork headaches",
      subheadline:
        "Whether you invoice US clients from the UK or you are moving to the States, we introduce you to partners who understand both sides of the Atlantic.",
    },
    intro:
      "More UK freelancers than ever work for American companies, and US firms hire UK contractors for their skills and time zone. The practical questions come quickly: which tax forms to sign, how to get paid without losing money on exchange, and who employs you if you relocate. We introduce you to accountants, payroll and employer-of-record providers and insurers who handle US and UK work every day.",
    benefits: [
      "🧾 Cross-border accountants who know the UK–US tax treaty and the W-8BEN",
      "💷 Payment partners for US dollars, with clear exchange rates and fees",
      "🤝 Employer-of-record and payroll partners for contracts based in the USA",
    ],
    support: {
      heading: "How we support you in the USA",
      intro: "From your first American client to a move across the Atlantic.",
      items: [
        "Understanding the W-8BEN form a US client asks a UK resident freelancer to sign",
        "Introductions to accountants who file in both the UK and the USA",
        "Employer-of-record providers, so a US client can hire you compliantly",
        "Contracts in plain English: payment terms, IP and governing law to check",
        "Health, professional liability and travel cover for work in the US",
        "Support across UK and US time zones, by email or a scheduled call",
      ],
    },
    faq: [
      {
        question: "Do I pay US tax if I work for a US client from the UK?",
        answer:
          "Usually not. A UK resident who does the work in the UK normally completes a W-8BEN so the client does not withhold US tax, and declares the income in the UK. Work carried out while you are physically in the USA can be different, so have an accountant confirm your position.",
      },
      {
        question: "Can I move to the USA as a freelancer?",
        answer:
          "You need a visa that allows the work you plan to do, and freelancing on a visitor visa is not allowed. An immigration attorney advises on visas; we can introduce you to partners who work with relocating professionals.",
      },
      {
        question: "How do I get paid in dollars without losing money?",
        answer:
          "Specialist payment providers let you hold and convert US dollars at close to the market rate, usually far cheaper than a high-street bank transfer. We introduce you to regulated providers and you choose.",
      },
    ],
    cta: { text: "Talk to us about the USA", link: paths.contact },
  },
  uae: {
    title: "Freelancing in the UAE",
    description:
      "Support for UK freelancers working in the United Arab Emirates: freelance permits, banking, tax and a community of freelancers in Dubai and Abu Dhabi.",
    icon: "map-pin",
    heroImage: "uae",
    hero: {
      headline: "Build your freelance career in the UAE, with people who have done it",
      subheadline:
        "Free zone permits, visas, banking and tax questions answered, and a community of UK freelancers in Dubai, Abu Dhabi and beyond.",
    },
    intro:
      "The UAE attracts UK freelancers in construction, engineering, healthcare, technology and the creative industries. Working there legally means a freelance permit or a business licence, a residence visa and a local bank account, and your UK tax position changes when you leave. We introduce you to licensing agents, banks, accountants and recruiters who know the market, and to a community of freelancers who made the move before you.",
    benefits: [
      "🪪 Introductions to agents for free zone freelance permits and residence visas",
      "🏦 Help opening a UAE bank account as a freelancer",
      "📊 Accountants for UAE Corporate Tax, VAT and your UK residence status",
      "🏗️ Recruiters for construction, engineering and healthcare projects in the Gulf",
      "👥 A community of UK freelancers already working in the UAE",
    ],
    community: {
      heading: "Join the UAE freelancer community",
      intro: "Meet people who have already made the move and can tell you how it really works.",
      items: [
        "Regular meet-ups for UK freelancers in Dubai and Abu Dhabi",
        "An online members’ group for questions about permits, housing and schools",
        "Introductions to freelancers in your trade or profession",
        "Shared contract leads from members and partner recruiters",
        "Talks from accountants and licensing agents on the questions members ask most",
      ],
    },
    faq: [
      {
        question: "Do freelancers pay income tax in the UAE?",
        answer:
          "The UAE does not tax personal income. Business profits can fall under UAE Corporate Tax once turnover passes the threshold, and VAT registration applies above its own threshold. Your UK tax depends on whether you remain UK resident under the Statutory Residence Test, so take advice before you move.",
      },
      {
        question: "What permit do I need to freelance in the UAE?",
        answer:
          "Usually a freelance permit from a free zone, or a business licence, together with a residence visa. Which one fits depends on your profession and where your clients are. We introduce you to licensing agents who can explain the options and costs.",
      },
      {
        question: "Can I keep working for UK clients from the UAE?",
        answer:
          "Often yes, but check your permit covers the work, your contracts allow it and your UK tax position is clear. An accountant who works with both countries can help.",
      },
    ],
    cta: { text: "Talk to us about the UAE", link: paths.contact },
  },
};

/** The category for a URL slug, or undefined for a slug the site does not have. */
export function findServiceCategory(slug: string | undefined): ServiceCategory | undefined {
  return (serviceSlugs as readonly string[]).includes(slug ?? "") ? serviceCategories[slug as ServiceSlug] : undefined;
}
