// Copy of the shared layout: header, footer, back-to-top and the not-found
// page (the banners' is in site-extras.ts, loaded with them). The words are
// content/site/layout.yaml and content/pages/not-found.yaml.
import layoutFile from "../../content/site/layout.yaml";
import notFoundFile from "../../content/pages/not-found.yaml";
import { fill } from "./fill";
import type { ContentOf } from "./schemas";

const layout = layoutFile as ContentOf<"site/layout.yaml">;

export const layoutCopy = {
  ...layout,
  submenuToggle: (label: string) => fill(layout.submenuToggle, { label }),
  footer: { ...layout.footer, rights: (year: number) => fill(layout.footer.rights, { year }) },
} as const;

/** The not-found page's copy: a separate export, so only that page's code carries it. */
export const notFoundCopy = notFoundFile as ContentOf<"pages/not-found.yaml">;
