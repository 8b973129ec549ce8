// Which schema each file under content/ is checked against, by its path there
// (`*` stands for one file name in a folder). scripts/build/content-files.ts
// refuses a file no entry matches, and one that does not fit its schema; an
// entry of the content layer is typed `ContentOf<that path>` (app/data/content.ts).
import * as v from "valibot";
import { serviceSlugs } from "../../../contract/paths.ts";
import { action, card, faqItem, href, icon, isoDate, legalBlock, step, template, testimonial, text } from "./common.ts";

/**
 * A YAML file is checked against its schema; a Markdown file's front matter,
 * with its body as `sections` (`## Heading` and what follows it:
 * scripts/build/content-markdown.ts), is checked against `schema`.
 */
export type ContentEntry = v.GenericSchema | { markdown: "sections"; schema: v.GenericSchema };

export const homeHero = v.strictObject({
  headline: text,
  subtitle: text,
  actions: v.pipe(v.array(action), v.minLength(1, "needs at least one button")),
});

/** A page's testimonials section: its heading and the quotes, in order. */
export const testimonials = v.strictObject({
  heading: text,
  items: v.pipe(v.array(testimonial), v.minLength(1, "needs at least one testimonial")),
});

/** Testimonials shown as a carousel, which needs an accessible name. */
export const testimonialCarousel = v.strictObject({
  ...testimonials.entries,
  carouselLabel: text,
});

/** One sample tender on /spotlight/tenders: one file each, shown in `order`. */
export const tender = v.strictObject({
  /** Cards are shown by this number, lowest first. */
  order: v.pipe(v.number(), v.integer()),
  icon,
  title: text,
  text,
  value: text,
  client: text,
  scope: text,
});

/** A headed list of questions and answers (an FAQ section). */
export const faq = v.strictObject({
  heading: text,
  items: v.pipe(v.array(faqItem), v.minLength(1, "needs at least one question")),
});

/** A legal page (privacy, terms, cookies): front matter, then `##` sections of paragraphs, lists and terms. */
export const legalDocument = v.strictObject({
  title: text,
  intro: text,
  lastUpdated: isoDate,
  sections: v.pipe(
    v.array(v.strictObject({ heading: text, blocks: v.pipe(v.array(legalBlock), v.minLength(1, "a section needs some text")) })),
    v.minLength(1, "needs at least one ## section"),
  ),
});

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const year = v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100));
const sector = v.strictObject({ name: text, value: count, atLeast: v.optional(v.boolean()) });

/** The figures the spotlight editorials state. */
export const statistics = v.strictObject({
  ukWorkforce: v.strictObject({ freelancers: count, selfEmployed: count, freelanceInSomeCapacity: count }),
  sectorEstimates: v.strictObject({
    year,
    sectors: v.pipe(
      // At least two: the payroll page names the two largest.
      v.tupleWithRest([sector, sector], sector),
      v.check((list) => list.every((item, index) => index === 0 || item.value <= (list[index - 1]?.value ?? 0)), "list the sectors largest first"),
    ),
  }),
  payrollDemandIndex: v.strictObject({ baseYear: year, base: v.pipe(count, v.minValue(1)), latest: count }),
  payrollMarket: v.strictObject({ freelancersNeedingPayroll: count, agencies: count, marketValueGbp: count }),
  recruitmentIndustry: v.strictObject({ turnoverYear: year, turnoverGbp: count, selfEmployedFreelancersAndContractors: count }),
});

/** A headed list on a category page (the USA support list, the UAE community list). */
const categoryList = v.strictObject({ heading: text, intro: v.optional(text), items: v.pipe(v.array(text), v.minLength(1)) });

/** One service category: its page (/services/<slug>) and its card on /services. The file's name is the slug. */
export const serviceCategory = v.strictObject({
  /** Card title, page eyebrow or heading, and page title. */
  title: text,
  /** One or two sentences: the card text, the hero intro and the meta description. */
  description: text,
  icon,
  /** The illustration drawn for the category (app/assets/services/), named by its slug. */
  heroImage: v.picklist(serviceSlugs, (issue) => `"${String(issue.input)}" is not one of the illustrations (${serviceSlugs.join(", ")})`),
  /** Hero text in place of the title and description. */
  hero: v.optional(v.strictObject({ headline: text, subheadline: text })),
  intro: v.optional(text),
  /** A benefit may begin with an emoji, which is then shown as its icon. */
  benefits: v.pipe(v.array(text), v.minLength(1)),
  faq: v.array(faqItem),
  cta: v.strictObject({ text, link: href }),
  support: v.optional(categoryList),
  community: v.optional(categoryList),
});

const navLink = v.strictObject({ label: text, href });
const links = v.pipe(v.array(navLink), v.minLength(1));

/** The header's menu and its Get Started button. */
export const headerNavigation = v.strictObject({
  menu: v.pipe(v.array(v.strictObject({ ...navLink.entries, submenu: v.optional(links) })), v.minLength(1)),
  getStarted: navLink,
});

export const footerNavigation = v.strictObject({ quickLinks: links, legalLinks: links });

/** A page's opening: eyebrow, title, intro and buttons. */
const pageHero = v.strictObject({ eyebrow: text, title: text, intro: text, actions: v.array(action) });

/** A headed section of cards, with an optional intro and buttons. */
const cardSection = v.strictObject({
  heading: text,
  intro: v.optional(text),
  cards: v.pipe(v.array(card), v.minLength(1)),
  actions: v.optional(v.array(action)),
});

/** A `##` section of paragraphs only. */
const proseSection = v.strictObject({
  heading: text,
  blocks: v.pipe(v.array(v.pipe(v.unknown(), v.check((block) => typeof block === "string", "only paragraphs here, no lists"), v.transform((block) => block as string))), v.minLength(1)),
});

/** /about: the hero and the two card sections in the front matter, then the story, mission and vision as three `##` sections. */
export const aboutPage = v.strictObject({
  hero: pageHero,
  values: cardSection,
  compliance: v.strictObject({ ...cardSection.entries, actions: v.pipe(v.array(action), v.minLength(1)) }),
  sections: v.strictTuple([proseSection, proseSection, proseSection], "needs exactly three ## sections: the story, the mission and the vision"),
});

/** A `##` section of one paragraph, its intro, then one list (`- item` lines), its items. */
const listSection = v.pipe(
  v.strictObject({
    heading: text,
    blocks: v.strictTuple(
      [text, v.strictObject({ list: v.pipe(v.array(text), v.minLength(1)) }, "then a list (- item lines)")],
      "needs one paragraph (its intro), then one list (- item lines)",
    ),
  }),
  v.transform(({ heading, blocks: [intro, { list }] }) => ({ heading, intro, items: list })),
);

/** A closing call to action: heading, a line of text, buttons. */
const ctaBand = v.strictObject({ heading: text, text, actions: v.pipe(v.array(action), v.minLength(1)) });

/** A headed section of cards with an intro. */
const introCards = v.strictObject({ heading: text, intro: text, cards: v.pipe(v.array(card), v.minLength(1)) });

/** The labels under a stat grid's figures, by figure (the values come from statistics.yaml). */
const labels = <const K extends string>(...keys: K[]) => v.strictObject(Object.fromEntries(keys.map((key) => [key, text])) as Record<K, typeof text>);

/** A chart's words: its title and its data table's column headings (the data come from statistics.yaml). */
const chartCopy = v.strictObject({ title: text, categoryLabel: text, valueLabel: text });

/** /spotlight: UK freelancers by sector; its one `##` section is what each sector needs. */
export const spotlightPage = v.strictObject({
  hero: pageHero,
  workforce: v.strictObject({ heading: text, intro: text, labels: labels("freelancers", "selfEmployed", "freelanceInSomeCapacity") }),
  sectorEstimates: v.strictObject({ heading: text, intro: text, note: text }),
  sectorNeeds: v.strictObject({ actions: v.array(action) }),
  cta: ctaBand,
  sections: v.strictTuple([listSection], "needs exactly one ## section: what each sector needs (an intro, then a list)"),
});

/** /spotlight/agencies; its two `##` sections are the compliance checklist and the next edition. */
export const agenciesSpotlightPage = v.strictObject({
  hero: pageHero,
  figures: v.strictObject({ heading: text, labels: labels("turnover", "selfEmployed") }),
  needs: introCards,
  cta: ctaBand,
  sections: v.strictTuple([listSection, listSection], "needs exactly two ## sections: the compliance checklist and the next edition"),
});

/** /spotlight/payroll; its two `##` sections are the market's growth and the section for payroll providers. */
export const payrollSpotlightPage = v.strictObject({
  hero: pageHero,
  atAGlance: v.strictObject({ heading: text, intro: text, labels: labels("freelancers", "agencies", "marketValue") }),
  sectorChart: v.strictObject({ heading: text, intro: text, chart: chartCopy }),
  marketGrowth: v.strictObject({ chart: chartCopy }),
  covers: introCards,
  forProviders: v.strictObject({ labels: labels("freelancersNeedingPayroll", "processed") }),
  cta: ctaBand,
  sections: v.strictTuple([listSection, listSection], "needs exactly two ## sections: the market's growth and the one for payroll providers"),
});

/** A page's title and description: the browser tab, search results and link previews. */
export const pageMeta = v.strictObject({ title: text, description: text });

/** A headed run of numbered steps. */
const steps = v.strictObject({ heading: text, intro: text, steps: v.pipe(v.array(step), v.minLength(1)) });

/** A headed section of cards with an intro, shown as a carousel (which needs an accessible name). */
const cardCarousel = v.strictObject({ ...introCards.entries, carouselLabel: v.pipe(text, v.title("Carousel's name for screen readers")) });

/** A page's opening without buttons. */
const plainHero = v.strictObject({ eyebrow: text, title: text, intro: text });

/** A heading and a line of text. */
const headed = v.strictObject({ heading: text, intro: text });

/** The home page below its hero: pillars, sectors, freelancer support, countries, how it works, the closing band. */
export const homePage = v.strictObject({
  pillars: introCards,
  sectorsWeSupport: introCards,
  freelancerSupport: introCards,
  countries: v.strictObject({
    heading: text,
    intro: text,
    list: v.pipe(v.array(v.strictObject({ name: text, flag: v.picklist(["gb", "eu", "us", "ae"], "must be one of the flags the site has: gb, eu, us, ae") })), v.minLength(1)),
  }),
  howItWorks: steps,
  cta: ctaBand,
});

export const freelancersPage = v.strictObject({ hero: pageHero, whyChooseUs: cardCarousel, servicesForFreelancers: cardCarousel, howItWorks: steps, cta: ctaBand });

export const agenciesPage = v.strictObject({ hero: pageHero, whatWeOffer: introCards, partnershipProcess: steps, cta: ctaBand });

export const resourcesPage = v.strictObject({
  hero: plainHero,
  guides: v.strictObject({ heading: text, intro: text, items: v.pipe(v.array(card), v.minLength(1)) }),
  industryUpdates: v.strictObject({
    heading: text,
    intro: text,
    /** Shown before each update's date. */
    dateLabel: v.pipe(text, v.title("Word before each update's date")),
    items: v.pipe(v.array(v.strictObject({ title: text, summary: text })), v.minLength(1)),
  }),
});

export const memberPage = v.strictObject({ hero: pageHero, benefits: introCards, howToJoin: steps, cta: ctaBand });

export const tendersPage = v.strictObject({
  hero: pageHero,
  howWeDeliver: steps,
  sampleOpportunities: v.strictObject({
    heading: text,
    intro: text,
    /** The names of the facts each sample card lists (tenders/*.yaml's value, client and scope). */
    terms: v.pipe(v.strictObject({ value: text, client: text, scope: text }), v.title("Names of each card's facts")),
  }),
  whoWeWorkWith: v.strictObject({ heading: text, cards: v.pipe(v.array(card), v.minLength(1)) }),
  subcontractorRequirements: v.strictObject({ heading: text, intro: text, items: v.pipe(v.array(text), v.minLength(1)) }),
  cta: ctaBand,
});

export const servicesPage = v.strictObject({
  hero: v.strictObject({ ...pageHero.entries, browseLabel: v.pipe(text, v.title("Button that scrolls to the services")) }),
  list: v.strictObject({ ...headed.entries, exploreLabel: v.pipe(text, v.title("Each card's link text")) }),
});

export const serviceCategoryPage = v.strictObject({
  eyebrow: text,
  introHeading: text,
  benefitsHeading: text,
  faqHeading: text,
  ctaHeading: text,
  ctaText: text,
  notFound: v.strictObject({ title: text, text, backLabel: text }),
});

export const contactPage = v.strictObject({
  hero: v.strictObject({ title: text, intro: text }),
  section: headed,
  details: v.strictObject({ heading: text, promise: text, labels: v.strictObject({ email: text, phone: text, address: text }) }),
});

const link = v.strictObject({ label: text, href });

/** A form's messages: its button, while it sends, after it has, when it failed; the hidden anti-spam field's label. */
const formMessages = {
  submit: v.pipe(text, v.title("Button")),
  submitting: v.pipe(text, v.title("Button while sending")),
  success: text,
  error: text,
  honeypotLabel: v.pipe(text, v.title("Hidden anti-spam field's label")),
};

export const enquiryForm = v.strictObject({
  requiredNote: text,
  consentError: v.pipe(text, v.title("Message when the consent box is not ticked")),
  privacyLink: link,
  ...formMessages,
  /** The multi-select's button: `selected` names {count}, how many are chosen. */
  multiSelect: v.strictObject({ placeholder: text, selected: template("count") }),
});

export const newsletterForm = v.strictObject({ heading: text, ...formMessages });

/** A page a form posted without scripts lands on. */
export const messagePage = v.strictObject({ meta: pageMeta, heading: text, text: v.optional(text), link });

/** "One more step": a form posted without the page's script, shown back with one button that sends it. */
export const sendConfirmPage = v.strictObject({
  meta: pageMeta,
  heading: text,
  text,
  button: v.pipe(text, v.title("Button")),
  early: v.pipe(text, v.title("When the button was pressed within a few seconds")),
  link,
});

const messageState = v.strictObject({ heading: text, text });

/** What that page's button answers when it cannot send. */
export const sendFailedPages = v.strictObject({
  meta: pageMeta,
  expired: v.pipe(messageState, v.title("Pressed after 30 minutes")),
  used: v.pipe(messageState, v.title("Pressed again, or no longer waiting")),
  invalid: v.pipe(messageState, v.title("Not a link of ours")),
  link,
});

const tokenState = v.strictObject({ title: text, text });

/** A newsletter page that acts on the token of an email's link, in each of its states. */
export const tokenPage = v.strictObject({
  meta: pageMeta,
  ready: v.strictObject({ ...tokenState.entries, button: text, working: v.pipe(text, v.title("Button while working")) }),
  done: v.strictObject({ ...tokenState.entries, link }),
  expired: v.optional(tokenState),
  invalid: tokenState,
  missing: v.pipe(tokenState, v.title("Opened without a token")),
  failed: v.pipe(text, v.title("No answer from the server")),
  signUpAgain: text,
});

export const notFoundPage = v.strictObject({ title: text, heading: text, text, backHome: text });

/** Every page's shell. `submenuToggle` names {label}, a menu entry; `footer.rights` names {year}. */
export const layout = v.strictObject({
  skipLink: text,
  mainNavLabel: v.pipe(text, v.title("Main menu's name for screen readers")),
  menuLabel: text,
  openMenu: text,
  closeMenu: text,
  backToTop: text,
  footer: v.strictObject({ quickLinksHeading: text, legalHeading: text, followHeading: text, newTab: v.pipe(text, v.title("After a link that opens a new tab")), rights: template("year") }),
  error: v.strictObject({ heading: text, text, backHome: text }),
  submenuToggle: v.pipe(template("label"), v.title("Submenu button's name for screen readers")),
});

const notice = v.strictObject({ label: v.pipe(text, v.title("Name for screen readers")), text, accept: text, close: v.pipe(text, v.title("Close button's name for screen readers")) });

export const notices = v.strictObject({
  cookieBanner: v.strictObject({ ...notice.entries, policyLink: text }),
  disclaimerBanner: notice,
});

/** A carousel's controls, as screen readers name them; `slideLabel` names {position} and {total}. */
export const carousel = v.strictObject({ previous: text, next: text, pause: text, play: text, slideLabel: template("position", "total") });

export const legalShared = v.strictObject({ eyebrow: text, lastUpdated: text, contents: v.pipe(text, v.title("Contents heading")) });

export const referAndEarn = v.strictObject({ label: text });

/** The site's name: every page, and {site.name} in other files. */
export const brand = v.strictObject({ name: text, shortName: text, logoAlt: v.pipe(text, v.title("Logo's name for screen readers")) });

/** Who we are and how to reach us; {contact.…} in other files. */
export const profile = v.strictObject({
  tagline: text,
  description: text,
  social: v.array(v.strictObject({ name: text, href, icon: v.picklist(["linkedin", "x-social", "facebook"], "must be linkedin, x-social or facebook") })),
  referAndEarnUrl: v.pipe(href, v.title("Refer & Earn link")),
  contact: v.strictObject({
    email: v.pipe(text, v.email("must be an email address")),
    phone: v.pipe(text, v.regex(/^\+[\d ]+$/, "must be the number as dialled from abroad: +44 20 …"), v.title("Phone, international")),
    phoneDisplay: v.pipe(text, v.title("Phone, as the pages write it")),
    address: text,
    responsePromise: v.pipe(text, v.title("How soon we reply")),
  }),
});

export const contentFiles = {
  "home/hero.yaml": homeHero,
  "testimonials/home.yaml": testimonials,
  "testimonials/agencies.yaml": testimonialCarousel,
  "tenders/*.yaml": tender,
  "faqs/*.yaml": faq,
  "statistics.yaml": statistics,
  "services/*.yaml": serviceCategory,
  "navigation/header.yaml": headerNavigation,
  "navigation/footer.yaml": footerNavigation,
  "legal/*.md": { markdown: "sections", schema: legalDocument },
  "about.md": { markdown: "sections", schema: aboutPage },
  "spotlight/index.md": { markdown: "sections", schema: spotlightPage },
  "spotlight/agencies.md": { markdown: "sections", schema: agenciesSpotlightPage },
  "spotlight/payroll.md": { markdown: "sections", schema: payrollSpotlightPage },
  "meta/*.yaml": pageMeta,
  "pages/home.yaml": homePage,
  "pages/freelancers.yaml": freelancersPage,
  "pages/agencies.yaml": agenciesPage,
  "pages/resources.yaml": resourcesPage,
  "pages/member.yaml": memberPage,
  "pages/tenders.yaml": tendersPage,
  "pages/services.yaml": servicesPage,
  "pages/service-category.yaml": serviceCategoryPage,
  "pages/contact.yaml": contactPage,
  "pages/contact-received.yaml": messagePage,
  "pages/newsletter-subscribed.yaml": messagePage,
  "pages/send-confirm.yaml": sendConfirmPage,
  "pages/send-failed.yaml": sendFailedPages,
  "pages/newsletter-confirm.yaml": tokenPage,
  "pages/newsletter-unsubscribe.yaml": tokenPage,
  "pages/not-found.yaml": notFoundPage,
  "forms/enquiry.yaml": enquiryForm,
  "forms/newsletter.yaml": newsletterForm,
  "site/layout.yaml": layout,
  "site/notices.yaml": notices,
  "site/carousel.yaml": carousel,
  "site/legal.yaml": legalShared,
  "site/refer-and-earn.yaml": referAndEarn,
  "site/brand.yaml": brand,
  "site/profile.yaml": profile,
} as const satisfies Record<string, ContentEntry>;

export type ContentPath = keyof typeof contentFiles;
type SchemaOf<E> = E extends { schema: infer S extends v.GenericSchema } ? S : E extends v.GenericSchema ? E : never;
/** The data a content file (or each file of a folder) is, as the site reads it. */
export type ContentOf<P extends ContentPath> = v.InferOutput<SchemaOf<(typeof contentFiles)[P]>>;
