import logoBlue from "~/assets/logo-blue.svg?url";
import logoWhite from "~/assets/logo-white.svg?url";

const logos = {
  /** Dark on light: the home page's transparent header. */
  blue: logoBlue,
  /** Light on blue: every other page's solid header, and the footer. */
  white: logoWhite,
} as const;

/** `alt` is site/brand.yaml's logoAlt. */
export function Logo({ tone, alt, lazy = false, className = "h-10 w-auto" }: { tone: keyof typeof logos; alt: string; lazy?: boolean; className?: string }) {
  return (
    <img src={logos[tone]} alt={alt} width={236} height={40} loading={lazy ? "lazy" : undefined} className={className} />
  );
}
