import { buttonClasses, type ButtonVariant } from "./button-link";

interface ScrollLinkProps {
  label: string;
  /** The id of the section the link leads to before <scroll-by>'s code has arrived. */
  to: string;
  /** How far down to scroll the window once it has, in px. */
  by: number;
  variant?: ButtonVariant;
}

/**
 * A button-styled link down the page. From the first paint, and with
 * JavaScript off, the browser follows it to the section (smoothly by CSS,
 * `.in-page-link` in app.css); once <scroll-by>'s code is there, a press
 * scrolls the window down by `by` instead.
 */
export function ScrollLink({ label, to, by, variant = "primary" }: ScrollLinkProps) {
  return (
    <scroll-by px={by}>
      <a href={`#${to}`} className={buttonClasses(variant, "in-page-link")}>
        {label}
      </a>
    </scroll-by>
  );
}
