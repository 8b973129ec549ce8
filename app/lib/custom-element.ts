// The site's few behaviours that must work on pre-rendered HTML React does not
// hydrate (static parts, app/lib/static-part.tsx) are custom elements: the
// browser runs them the same on kept HTML and on markup React rendered.

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
