// Gives the page's custom elements their behaviours (app/lib/custom-element.ts).
// Each element's module sits next to the component that renders its tag and is
// named after it, `<tag>.element.ts`: this finds them by that name, so no list
// has to name them. Components render at build time only, so their code never
// reaches the browser: the page's script loads, for each element the HTML
// holds, its module (defineElementsIn), and nothing for the others.
// The build fails, naming the page, when a page holds an element with no such
// module (scripts/build/site-files.ts), and define-elements.test.ts loads each
// module to check that it defines its tag.
import { elementTagOf } from "~/lib/custom-element";
/** Every element module under app/components, by its path from here: each loads when called. */
export const elementModules = import.meta.glob("./**/*.element.ts");

/** Starts loading the module of every custom element under `root` that the browser does not know yet. */
export function defineElementsIn(root: ParentNode) {
  for (const [file, load] of Object.entries(elementModules)) {
    const tag = elementTagOf(file);
    // A failed download leaves the pre-rendered markup as it is: it reads complete without its behaviour.
    if (!customElements.get(tag) && root.querySelector(tag)) load().catch(() => undefined);
  }
}
