import hero from "../../content/home/hero.yaml";
import file from "../../content/pages/home.yaml";
import testimonials from "../../content/testimonials/home.yaml";
import type { ContentOf } from "./schemas";
import type { Action, Card, Country, HeroVideo, Step } from "./types";

// The sections below the hero: content/pages/home.yaml.
const page = file as ContentOf<"pages/home.yaml"> satisfies {
  pillars: { cards: Card[] };
  countries: { list: Country[] };
  howItWorks: { steps: Step[] };
  cta: { actions: Action[] };
};

export const homeHero = {
  ...(hero as ContentOf<"home/hero.yaml">),
  // The video is made by scripts/make-media.sh, not edited.
  video: {
    webm: "/media/hero.webm",
    mp4: "/media/hero.mp4",
    poster: "/media/hero-poster.webp",
  } satisfies HeroVideo,
};

export const { pillars, sectorsWeSupport, freelancerSupport, countries, howItWorks } = page;

export const homeTestimonials = testimonials as ContentOf<"testimonials/home.yaml">;

export const homeCta = page.cta;
