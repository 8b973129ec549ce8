// Member (/member): the members area. The words are content/pages/member.yaml.
import file from "../../content/pages/member.yaml";
import { referAndEarnAction } from "./refer-and-earn";
import type { ContentOf } from "./schemas";
import type { Action, Card, Step } from "./types";

const page = file as ContentOf<"pages/member.yaml"> satisfies {
  benefits: { cards: Card[] };
  howToJoin: { steps: Step[] };
  cta: { actions: Action[] };
};

export const memberHero = {
  ...page.hero,
  // Refer & Earn's address is the site's (siteProfile), not the page's.
  actions: [...page.hero.actions, referAndEarnAction] satisfies Action[],
};

export const memberBenefits = page.benefits;

export const howToJoin = page.howToJoin;

export const memberCta = page.cta;
