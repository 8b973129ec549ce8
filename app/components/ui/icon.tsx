import sprite from "~/assets/icons.svg?url";
import type { IconName } from "~/data/icon-names";

interface IconProps {
  name: IconName;
  className?: string;
}

/**
 * Every icon on the site, drawn from one cached sprite (app/assets/icons.svg,
 * made by scripts/make-icon-sprite.ts), so no icon paths ride in the JavaScript.
 * Decorative: the control or text beside it carries the name.
 */
export function Icon({ name, className = "size-6" }: IconProps) {
  return (
    <svg aria-hidden="true" focusable="false" className={className} data-icon={name}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
