import type { Action } from "~/data/types";

const variants = {
  primary: "bg-accent-500 text-brand-950 hover:bg-accent-400",
  secondary: "bg-white text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50",
  onDark: "bg-transparent text-white ring-2 ring-white hover:bg-white/10",
} as const;
export type ButtonVariant = keyof typeof variants;

interface ButtonLinkProps {
  action: Action;
  /** Overrides the action's own variant, e.g. on a dark band. */
  variant?: ButtonVariant;
  className?: string;
}

/** The look of a button, shared by links styled as buttons and real buttons. */
export function buttonClasses(variant: ButtonVariant, className = ""): string {
  return `inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold shadow-sm transition ${variants[variant]} ${className}`;
}

/** A link styled as a button. External links open in a new tab and say so to screen readers. */
export function ButtonLink({ action, variant, className = "" }: ButtonLinkProps) {
  const classes = buttonClasses(variant ?? action.variant ?? "primary", className);
  if (action.external) {
    // The words come with the action: a component has no content of its own.
    if (!action.newTab) throw new Error(`"${action.label}": an external action needs its new-tab words (Action.newTab, from site/layout.yaml)`);
    return (
      <a href={action.href} target="_blank" rel="noopener noreferrer" className={classes}>
        {action.label}
        <span className="sr-only"> {action.newTab}</span>
      </a>
    );
  }
  return (
    <a href={action.href} className={classes}>
      {action.label}
    </a>
  );
}

/**
 * Buttons side by side. On a dark band, `variantOverride="onDark"` turns the
 * secondary buttons into outlined white ones; primary buttons keep their colour.
 */
export function ButtonRow({ actions, variantOverride }: { actions: readonly Action[]; variantOverride?: ButtonVariant }) {
  return (
    <div className="flex flex-wrap gap-3">
      {actions.map((action) => (
        <ButtonLink
          key={action.label}
          action={action}
          variant={variantOverride && (action.variant ?? "primary") !== "primary" ? variantOverride : undefined}
        />
      ))}
    </div>
  );
}
