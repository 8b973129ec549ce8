// Copy of the shared layout: header, footer and back-to-top (the banners' is
// in site-extras.ts, loaded with them). The words are content/site/layout.yaml.
import layoutFile from "../../content/site/layout.yaml";
import { fill } from "./fill";
import type { ContentOf } from "./schemas";

const layout = layoutFile as ContentOf<"site/layout.yaml">;

export const layoutCopy = {
  ...layout,
  submenuToggle: (label: string) => fill(layout.submenuToggle, { label }),
  footer: { ...layout.footer, rights: (year: number) => fill(layout.footer.rights, { year }) },
} as const;
