import file from "../../content/pages/home.yaml";
import type { ContentOf } from "./schemas";
import type { Action, Card, Country, HeroVideo, Step } from "./types";

// The sections below the hero: content/pages/home.yaml.
const page = file as ContentOf<"pages/home.yaml"> satisfies {
  pillars: { cards: Card[] };
  countries: { list: Country[] };
  howItWorks: { steps: Step[] };
  cta: { actions: Action[] };
};

// The hero's words are content/home/hero.yaml (the home collection's `hero`,
// read by the route file); its video is made by scripts/make-media.sh, not edited.
export const homeHeroVideo = {
  webm: "/media/hero.webm",
  mp4: "/media/hero.mp4",
  poster: "/media/hero-poster.webp",
} satisfies HeroVideo;

export const { pillars, sectorsWeSupport, freelancerSupport, countries, howItWorks } = page;

export const homeCta = page.cta;
