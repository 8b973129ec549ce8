import { BACK_TO_TOP_THRESHOLD_PX } from "~/content/constants";
import { siteExtrasCopy } from "~/content/site-extras";
import { usePrefersReducedMotion } from "~/lib/use-media-query";
import { useScrolledPast } from "~/lib/use-scrolled-past";
import { Icon } from "../ui/icon";

export function BackToTop() {
  const visible = useScrolledPast(BACK_TO_TOP_THRESHOLD_PX);
  const reducedMotion = usePrefersReducedMotion();
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: reducedMotion ? "auto" : "smooth" })}
      className="fixed right-4 bottom-24 z-30 flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-600"
    >
      <Icon name="arrow-up" />
      <span className="sr-only">{siteExtrasCopy.backToTop}</span>
    </button>
  );
}
