import type { ReactNode } from "react";
import type { Action } from "~/data/types";
import { ButtonRow } from "../ui/button-link";

export interface HeroImage {
  src: string;
  width: number;
  height: number;
}

interface PageHeroProps {
  title: string;
  /** A short line above the title. */
  eyebrow?: string;
  intro?: string;
  actions?: readonly Action[];
  /** Decorative artwork beside the text (eager: it is above the fold). */
  image?: HeroImage;
  /** Controls that are not links (e.g. a scroll button), placed before the action links. */
  children?: ReactNode;
}

/** The opening band of every page but home: the page's one h1, its intro and its buttons. */
export function PageHero({ title, eyebrow, intro, actions = [], image, children }: PageHeroProps) {
  return (
    <section className="bg-gradient-to-br from-brand-800 to-brand-950 text-white">
      <div className={`mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-20 ${image ? "lg:grid-cols-2" : ""}`}>
        <div className="max-w-3xl">
          {eyebrow && <p className="text-sm font-semibold tracking-wider text-accent-400 uppercase">{eyebrow}</p>}
          <h1 className="mt-2 text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">{title}</h1>
          {intro && <p className="mt-6 text-lg leading-relaxed text-brand-100 sm:text-xl">{intro}</p>}
          {(actions.length > 0 || children) && (
            <div className="mt-8 flex flex-wrap gap-3">
              {children}
              {actions.length > 0 && <ButtonRow actions={actions} variantOverride="onDark" />}
            </div>
          )}
        </div>
        {image && (
          <img
            src={image.src}
            alt=""
            width={image.width}
            height={image.height}
            fetchPriority="high"
            className="mx-auto h-auto w-full max-w-2xs sm:max-w-sm lg:max-w-xl"
          />
        )}
      </div>
    </section>
  );
}
