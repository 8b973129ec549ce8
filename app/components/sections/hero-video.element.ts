// <hero-video webm="…" mp4="…">: the home hero's looping, muted, inline
// video. The pre-rendered HTML holds its poster image; the element swaps in
// the video, and back to the poster for visitors who prefer reduced motion
// (who never download the video).
import type { Behaviour, ElementProps } from "~/lib/custom-element";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "hero-video": ElementProps<{ webm: string; mp4: string }>;
    }
  }
}

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

/** Each element's poster and, once made, its video: kept across a move in the document, when the video may be what it holds. */
const partsOf = new WeakMap<HTMLElement, { poster: HTMLImageElement; video?: HTMLVideoElement }>();

function playHeroVideo(element: HTMLElement) {
  const motion = window.matchMedia(reducedMotion);
  const show = () => {
    let parts = partsOf.get(element);
    if (!parts) {
      const poster = element.querySelector("img");
      if (!poster) return;
      partsOf.set(element, (parts = { poster }));
    }
    const shown = motion.matches ? parts.poster : (parts.video ??= videoFor(element, parts.poster));
    const current = element.firstElementChild;
    if (!current || current === shown) return;
    current.replaceWith(shown);
    // A video taken out of the page was paused, and its autoplay does not start it again.
    if (shown instanceof HTMLVideoElement) shown.play().catch(() => undefined);
  };
  show();
  motion.addEventListener("change", show);
  return () => motion.removeEventListener("change", show);
}

export default playHeroVideo satisfies Behaviour;
