// Pages are pre-rendered by Astro and only islands hydrate, so the site's few
// behaviours on the rest of the markup are custom elements: the browser gives
// each element of the pre-rendered HTML its behaviour as soon as its tag is
// defined, with no framework in the page.

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
