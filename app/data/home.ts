import type { HeroVideo } from "./types";

// The page's words are content/pages/home.yaml and content/home/hero.yaml
// (the pages and home collections, read by the route file); the hero's
// video is made by scripts/make-media.sh, not edited.
export const homeHeroVideo = {
  webm: "/media/hero.webm",
  mp4: "/media/hero.mp4",
  poster: "/media/hero-poster.webp",
} satisfies HeroVideo;
