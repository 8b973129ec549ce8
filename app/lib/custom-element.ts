// Pages are pre-rendered by Astro and only islands hydrate, so the site's few
// behaviours on the rest of the markup are custom elements: the browser gives
// each element of the pre-rendered HTML its behaviour as soon as its tag is
// defined, with no framework in the page.
//
// An element's module is `<tag>.element.ts`, next to the component that
// renders the tag: the page's script finds it by that name
// (app/components/define-elements.ts), and the module types the tag for JSX
// itself, with `ElementProps` in a `declare module "react"` block.
import type { ReactNode } from "react";

/** The JSX props of a custom element: what it holds, `class`, and the attributes its behaviour reads. */
export type ElementProps<Attributes extends object = object> = Attributes & { children?: ReactNode; class?: string };

/** The tag an element module defines, from its path: `…/count-up.element.ts` defines `<count-up>`. */
export const elementTagOf = (file: string) => file.slice(file.lastIndexOf("/") + 1, -".element.ts".length);

/** What an element does while it is in the document; the function it returns, if any, undoes it when the element leaves. */
export type Behaviour = (element: HTMLElement) => (() => void) | void;

/** Registers `<tag>` once, in the browser (the pre-render has no HTMLElement), running `behaviour` on each element it connects. */
export function defineElement(tag: string, behaviour: Behaviour) {
  if (typeof customElements === "undefined" || customElements.get(tag)) return;
  customElements.define(
    tag,
    class extends HTMLElement {
      private stop: (() => void) | void = undefined;
      connectedCallback() {
        this.stop = behaviour(this);
      }
      disconnectedCallback() {
        this.stop?.();
      }
    },
  );
}
