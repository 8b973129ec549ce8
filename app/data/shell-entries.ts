// The entries every page's shell shows (app/layouts/site.astro), read once
// when the build loads the layout. Not in the layout's frontmatter: an await
// there lets the page's own components render before the layout's, and
// React's ids (useId) in every page would change with the order.
import { contentEntry } from "./content";
import { siteShell, type ShellEntries } from "./layout";

export const shellEntries: ShellEntries = {
  layout: await contentEntry("site", "layout"),
  header: await contentEntry("navigation", "header"),
  footer: await contentEntry("navigation", "footer"),
  notices: await contentEntry("site", "notices"),
  brand: await contentEntry("site", "brand"),
  profile: await contentEntry("site", "profile"),
};

/** The shell's components' props (SiteLayout's `shell`). */
export const shell = siteShell(shellEntries);

/** The footer's sign-up form's messages. */
export const newsletterForm = await contentEntry("forms", "newsletter");
