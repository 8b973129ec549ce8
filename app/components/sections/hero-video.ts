// <hero-video webm="…" mp4="…">: the home hero's looping, muted, inline
// video. The pre-rendered HTML holds its poster image; the element swaps in
// the video, and back to the poster for visitors who prefer reduced motion
// (who never download the video).
import { defineElement } from "~/lib/custom-element";

const reducedMotion = "(prefers-reduced-motion: reduce)";

function videoFor(element: HTMLElement, poster: HTMLImageElement): HTMLVideoElement {
  const video = element.ownerDocument.createElement("video");
  video.className = poster.className;
  Object.assign(video, { autoplay: true, muted: true, loop: true, playsInline: true, poster: poster.getAttribute("src") ?? "", preload: "auto", tabIndex: -1 });
  video.setAttribute("aria-hidden", "true");
  for (const [attribute, type] of [["webm", "video/webm"], ["mp4", "video/mp4"]] as const) {
    const source = element.ownerDocument.createElement("source");
    source.src = element.getAttribute(attribute) ?? "";
    source.type = type;
    video.append(source);
  }
  return video;
}

defineElement(
  "hero-video",
  () =>
    class HeroVideo extends HTMLElement {
      private poster: HTMLImageElement | null = null;
      private video: HTMLVideoElement | null = null;
      private readonly motion = window.matchMedia(reducedMotion);
      private readonly show = () => {
        this.poster ??= this.querySelector("img");
        if (!this.poster) return;
        const shown = this.motion.matches ? this.poster : (this.video ??= videoFor(this, this.poster));
        const current = this.firstElementChild;
        if (current && current !== shown) current.replaceWith(shown);
      };
      connectedCallback() {
        this.show();
        this.motion.addEventListener("change", this.show);
      }
      disconnectedCallback() {
        this.motion.removeEventListener("change", this.show);
      }
    },
);
