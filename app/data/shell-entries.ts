// The entries every page's shell shows (app/layouts/site.astro), read once
// when the build loads the layout. Not in the layout's frontmatter: an await
// there lets the page's own components render before the layout's, and
// React's ids (useId) in every page would change with the order.
import { contentEntry } from "./content";

export const newsletterForm = await contentEntry("forms", "newsletter");
