import type { ReactNode } from "react";
import type { Action } from "~/data/types";
import { ButtonRow } from "../ui/button-link";

const tones = {
  white: "bg-white",
  tint: "bg-brand-50",
  surface: "bg-surface",
} as const;

interface SectionProps {
  heading: string;
  intro?: string;
  tone?: keyof typeof tones;
  children: ReactNode;
  /** Anchor id; also ties the section's landmark name to its heading. */
  id?: string;
  /** Buttons centred under the content. */
  actions?: readonly Action[];
}

/** A page section: a level-2 heading, an optional intro, and its content. */
export function Section({ heading, intro, tone = "white", children, id, actions }: SectionProps) {
  const headingId = `${id ?? slugify(heading)}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`${tones[tone]} py-16 sm:py-20`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">
            {heading}
          </h2>
          {intro && <p className="mt-4 text-lg leading-relaxed text-muted">{intro}</p>}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
        {actions && actions.length > 0 && (
          <div className="mt-10 flex justify-center">
            <ButtonRow actions={actions} />
          </div>
        )}
      </div>
    </section>
  );
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
