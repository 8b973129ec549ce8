// Every page's shell: header, footer, back-to-top, the notices and the site's
// name, from content/site/layout.yaml, notices.yaml, brand.yaml, profile.yaml
// and content/navigation/*.yaml. The layout reads the entries
// (shell-entries.ts) and hands siteShell() to its components as props.
import { fill } from "./fill";
import { navigation } from "./navigation";
import type { ContentOf } from "./schemas";

/** The shell's entries, as the layout reads them. */
export interface ShellEntries {
  layout: ContentOf<"site/layout.yaml">;
  header: ContentOf<"navigation/header.yaml">;
  footer: ContentOf<"navigation/footer.yaml">;
  notices: ContentOf<"site/notices.yaml">;
  brand: ContentOf<"site/brand.yaml">;
  profile: ContentOf<"site/profile.yaml">;
}

/** The layout's words, its templates made functions: `submenuToggle` names {label}, a menu entry; `footer.rights` names {year}. */
export function layoutCopy(layout: ContentOf<"site/layout.yaml">) {
  return {
    ...layout,
    submenuToggle: (label: string) => fill(layout.submenuToggle, { label }),
    footer: { ...layout.footer, rights: (year: number) => fill(layout.footer.rights, { year }) },
  } as const;
}

export type LayoutCopy = ReturnType<typeof layoutCopy>;

/** What the shell's components show: its words, its links, the notices, the brand and how to reach us. */
export function siteShell({ layout, header, footer, notices, brand, profile }: ShellEntries) {
  return { copy: layoutCopy(layout), nav: navigation(header, footer), notices, brand, profile };
}

export type SiteShell = ReturnType<typeof siteShell>;
