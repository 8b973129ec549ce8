// Member (/member): the members area. The words are content/pages/member.yaml
// (the pages collection's `member`, read by the route file).
import type { ContentOf } from "./schemas";
import type { Action } from "./types";

/** The page's sections: its words, its hero with the Refer & Earn button (refer-and-earn.ts). */
export function memberCopy(page: ContentOf<"pages/member.yaml">, referAndEarn: Action) {
  return {
    memberHero: { ...page.hero, actions: [...page.hero.actions, referAndEarn] satisfies Action[] },
    memberBenefits: page.benefits,
    howToJoin: page.howToJoin,
    memberCta: page.cta,
  };
}

export type MemberCopy = ReturnType<typeof memberCopy>;
