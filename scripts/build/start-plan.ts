// What postbuild's bootstrap rewrite (build-pages.ts, startAfterFirstPaint)
// hands the page's loader (start-after-paint.ts): React Router's bootstrap, read
// into data, carried as JSON on the loader's own <script> element.

/** The attribute on the loader's <script> that holds its StartPlan as JSON. */
export const START_PLAN_ATTRIBUTE = "data-start-plan";

export interface StartPlan {
  /** Every chunk the page's head preloaded: preloaded again once the first paint is done. */
  preload: string[];
  /** Imported for their effects first, in order (React Router's manifest). */
  effects: string[];
  /** React, React DOM and the router: evaluated in a task of their own. */
  framework: string[];
  /** Each route module the page matched, by its route id, in React Router's order. */
  routes: [id: string, href: string][];
  /** React Router's client entry, which hydrates the page. */
  entry: string;
}
