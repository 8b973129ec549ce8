import type { Action } from "~/data/types";
import { ButtonRow } from "../ui/button-link";
import { slugify } from "./section";

interface CtaBandProps {
  heading: string;
  text: string;
  actions: readonly Action[];
}

/** The closing call to action on a dark band. */
export function CtaBand({ heading, text, actions }: CtaBandProps) {
  const headingId = `${slugify(heading)}-heading`;
  return (
    <section aria-labelledby={headingId} className="bg-brand-800 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {heading}
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-brand-100">{text}</p>
        <div className="mt-8 flex justify-center">
          <ButtonRow actions={actions} />
        </div>
      </div>
    </section>
  );
}
