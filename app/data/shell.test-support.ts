// The shell's entries read outside Astro (unit tests, browser specs,
// benchmarks) through readEntry, as the layout reads them (shell-entries.ts).
import { readEntry } from "../../scripts/build/content-files";
import { carouselCopy as carouselCopyOf } from "./carousel";
import { siteShell, type ShellEntries } from "./layout";

export const shellEntries: ShellEntries = {
  layout: readEntry("site/layout.yaml"),
  header: readEntry("navigation/header.yaml"),
  footer: readEntry("navigation/footer.yaml"),
  notices: readEntry("site/notices.yaml"),
  brand: readEntry("site/brand.yaml"),
  profile: readEntry("site/profile.yaml"),
};

export const shell = siteShell(shellEntries);

/** The carousel's controls, as the pages with a carousel read them. */
export const carouselCopy = carouselCopyOf(readEntry("site/carousel.yaml"));
