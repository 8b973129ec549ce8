import { legalContactTerms } from "./legal";
import { site } from "./site";
import type { LegalDocument } from "./types";

export const termsConditions: LegalDocument = {
  title: "Terms & Conditions",
  intro:
    "These terms apply when you use our website or ask us for an introduction. Please read them: by using the site you accept them. If you do not agree, please do not use the site.",
  lastUpdated: "2026-11-22",
  sections: [
    {
      heading: "Who we are",
      blocks: [
        `This website is run by ${site.name} (“we”, “us”). You can reach us using the details at the end of these terms.`,
      ],
    },
    {
      heading: "What we do",
      blocks: [
        "We are an introduction service. We publish guides and news for freelancers and contractors, and we introduce freelancers, contractors, agencies and businesses to third-party partners: recruitment agencies, payroll providers (PAYE, CIS and umbrella), mortgage and insurance brokers, accountants and training providers, in the UK, the USA and the UAE.",
        "We also bring together subcontractor teams to bid for construction tenders. Any work on a tender is agreed in a separate written contract.",
      ],
    },
    {
      heading: "Introductions are free for freelancers",
      blocks: [
        "We do not charge freelancers or contractors for an introduction. Some partners pay us a fee when we introduce a client to them; this never changes the price they charge you, and we will tell you about it if you ask.",
        "Fees for agencies and businesses, if any, are agreed with them in writing before any work starts.",
      ],
    },
    {
      heading: "No regulated financial or legal advice",
      blocks: [
        "We are not authorised by the Financial Conduct Authority and we do not give financial, mortgage, insurance, investment, tax, legal or immigration advice. Everything on this website is general information, not a recommendation for your circumstances.",
        "When a partner gives you regulated advice or arranges a regulated product, that partner is responsible for it. You can check a firm on the Financial Conduct Authority’s register before you go ahead.",
      ],
    },
    {
      heading: "No guarantee of outcomes",
      blocks: [
        "An introduction is a starting point. We do not guarantee that you will be offered work, a contract, a mortgage, an insurance policy or any other product, or any particular rate of pay, price or result.",
      ],
    },
    {
      heading: "Partners are independent",
      blocks: [
        "The partners we introduce you to are independent businesses, not our agents or employees. Any agreement you make is between you and the partner, on the partner’s terms, and the partner is responsible for its services.",
        "We check partners before we work with them, but we cannot control how they act. If something goes wrong, please tell us: it helps us decide whether to keep working with them.",
      ],
    },
    {
      heading: "Using this website",
      blocks: [
        "You agree to give accurate information in our forms and to use the site lawfully. You must not:",
        {
          list: [
            "send spam, automated submissions or anything harmful through our forms;",
            "try to get into parts of the site or its servers you are not meant to reach, or disrupt them;",
            "copy or republish our content for commercial use without our written permission.",
          ],
        },
        "The content of this site belongs to us or is used with permission. You may read and print it for your own use.",
        "Links to other websites are there for your convenience. We are not responsible for their content.",
      ],
    },
    {
      heading: "Our liability",
      blocks: [
        "Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else the law does not allow us to limit.",
        "If you use the site as a consumer, we are responsible for loss you suffer that was a foreseeable result of our breaking these terms or failing to use reasonable care. We are not responsible for loss that was not foreseeable, or for losses caused by a partner.",
        "If you use the site for business, we are not liable for loss of profit, business, contracts or opportunity, or for any indirect loss, and our total liability to you is limited to £100.",
      ],
    },
    {
      heading: "Changes to these terms",
      blocks: [
        "We may update these terms, for example when our services or the law change. The date at the top of this page shows when they last changed; the version on the site when you use it applies.",
      ],
    },
    {
      heading: "Governing law",
      blocks: [
        "These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction. If you live in Scotland or Northern Ireland as a consumer, you may also bring proceedings in your local courts.",
      ],
    },
    {
      heading: "Contact us",
      blocks: [{ terms: legalContactTerms }],
    },
  ],
};
