import { buttonClasses, type ButtonVariant } from "./button-link";

interface ScrollButtonProps {
  label: string;
  /** How far down to scroll the window, in px. */
  by: number;
  variant?: ButtonVariant;
}

/** A button that scrolls the window down: smoothly, or at once for visitors who prefer reduced motion. */
export function ScrollButton({ label, by, variant = "primary" }: ScrollButtonProps) {
  const scroll = () => {
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: by, behavior: reducedMotion ? "instant" : "smooth" });
  };
  return (
    <button type="button" className={buttonClasses(variant)} onClick={scroll}>
      {label}
    </button>
  );
}
