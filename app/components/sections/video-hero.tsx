import type { Action, HeroVideo } from "~/data/types";
import { ButtonRow } from "../ui/button-link";

interface VideoHeroProps {
  headline: string;
  subtitle: string;
  actions: readonly Action[];
  video: HeroVideo;
}

/**
 * Full-screen hero over a looping, muted, inline video (`<hero-video>` swaps
 * it in for the poster the HTML carries). Decorative, so hidden from assistive
 * technology; visitors who prefer reduced motion get the poster only.
 */
export function VideoHero({ headline, subtitle, actions, video }: VideoHeroProps) {
  return (
    <section className="relative isolate flex min-h-svh items-center overflow-hidden bg-brand-50">
      <hero-video webm={video.webm} mp4={video.mp4}>
        <img src={video.poster} alt="" width={1280} height={720} className="absolute inset-0 -z-10 size-full object-cover" />
      </hero-video>
      <div className="mx-auto w-full max-w-7xl px-4 pt-header pb-16 sm:px-6">
        <div className="max-w-3xl">
          <h1 className="text-4xl leading-tight font-extrabold tracking-tight text-brand-900 sm:text-5xl lg:text-6xl">
            {headline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-brand-800 sm:text-xl">{subtitle}</p>
          <div className="mt-10">
            <ButtonRow actions={actions} />
          </div>
        </div>
      </div>
    </section>
  );
}
