/** How the header is painted: over the home page's hero, once scrolled there, or on every other page. */
export type HeaderTone = "transparent" | "scrolled" | "solid";

/** The home page's header floats over the hero until scrolled; every other page's is solid blue. */
export function headerTone(isHome: boolean, scrolled: boolean): HeaderTone {
  if (!isHome) return "solid";
  return scrolled ? "scrolled" : "transparent";
}
