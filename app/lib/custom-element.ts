// The site's few behaviours that must work on pre-rendered HTML React does not
// hydrate (static parts, app/lib/static-part.tsx) are custom elements: the
// browser runs them the same on kept HTML and on markup React rendered.

/** Registers a custom element once, in the browser; `create` runs there only (the pre-render has no HTMLElement). */
export function defineElement(tag: string, create: () => CustomElementConstructor) {
  if (typeof customElements === "undefined" || customElements.get(tag)) return;
  customElements.define(tag, create());
}
