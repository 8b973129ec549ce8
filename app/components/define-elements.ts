// Gives the page's custom elements their behaviours (app/lib/custom-element.ts).
// Each element's behaviour is the default export of a module named after its
// tag, `<tag>.element.ts`, next to the component that renders the tag: this
// finds the modules by that name and defines each tag from it, so the tag is
// written once, in the file's name, and no list names it. Components render at
// build time only, so their code never reaches the browser: the page's script
// loads, for each element the HTML holds, its module (defineElementsIn), and
// nothing for the others.
// The build fails, naming the page, when a page holds an element with no such
// module (scripts/build/site-files.ts), and define-elements.test.ts loads each
// module to check that it defines its tag.
import { defineElement, elementTagOf, type Behaviour } from "~/lib/custom-element";
/** Every element module under app/components, by its path from here: each loads when called. */
export const elementModules = import.meta.glob<{ default: Behaviour }>("./**/*.element.ts");

/** Loads the module of every custom element under `root` that the browser does not know yet, and defines the element from it; resolves once all are defined. */
export function defineElementsIn(root: ParentNode): Promise<unknown> {
  const defining: Promise<unknown>[] = [];
  for (const [file, load] of Object.entries(elementModules)) {
    const tag = elementTagOf(file);
    // A failed download leaves the pre-rendered markup as it is: it reads complete without its behaviour.
    if (!customElements.get(tag) && root.querySelector(tag)) defining.push(load().then((module) => defineElement(tag, module.default), () => undefined));
  }
  return Promise.all(defining);
}
