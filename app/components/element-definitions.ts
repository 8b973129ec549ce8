// Which module defines each custom element the site renders (their behaviours
// on pre-rendered HTML: app/lib/custom-element.ts). Components render at build
// time only, so their code never reaches the browser: the page's script asks
// this table for every element the HTML holds (defineElementsIn). No page has
// to remember an import.
// The build fails, naming the page, when a page holds an element missing here
// (scripts/build/site-files.ts), and element-definitions.test.ts loads each module to
// check that it defines its tag.

export const elementDefinitions = {
  "hero-video": () => import("./sections/hero-video"),
  "today-date": () => import("./sections/today-date"),
  "slide-carousel": () => import("./sections/slide-carousel"),
  "scroll-by": () => import("./ui/scroll-by"),
  "count-up": () => import("./charts/count-up"),
  "grow-bars": () => import("./charts/grow-bars"),
  "mobile-menu": () => import("./layout/mobile-menu-behaviour"),
  "desktop-nav": () => import("./layout/desktop-nav-behaviour"),
  "back-to-top": () => import("./layout/back-to-top-behaviour"),
  "header-tone": () => import("./layout/header-tone-behaviour"),
  "newsletter-signup": () => import("./forms/newsletter-signup-behaviour"),
} as const satisfies Record<string, () => Promise<unknown>>;

export type ElementTag = keyof typeof elementDefinitions;

/** Starts loading the definition of every custom element under `root` that the browser does not know yet. */
export function defineElementsIn(root: ParentNode): ElementTag[] {
  const loading: ElementTag[] = [];
  for (const tag of Object.keys(elementDefinitions) as ElementTag[]) {
    if (customElements.get(tag) || !root.querySelector(tag)) continue;
    loading.push(tag);
    // A failed download leaves the pre-rendered markup as it is: it reads complete without its behaviour.
    elementDefinitions[tag]().catch(() => undefined);
  }
  return loading;
}
