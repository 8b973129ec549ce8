import { Icon } from "../ui/icon";
import { TOP } from "./back-to-top.element";

/**
 * A real link to the top of the page, in every page's HTML, so it works from
 * the first paint and without JavaScript. It shows once the page is scrolled
 * past the threshold: by a scroll-driven animation where the browser has them
 * (app.css, `.back-to-top`, which holds the same threshold: site-layout.test.tsx
 * keeps the two equal), else by `data-shown`, which `<back-to-top>` sets
 * (back-to-top.element.ts); that element also makes the scroll smooth
 * (unless motion is reduced) and leaves the address as it is. Markup only,
 * rendered at build time on every page (site-layout.tsx).
 */
export default function BackToTop({ label }: { label: string }) {
  return (
    <back-to-top class="contents">
      <a
        href={TOP}
        className="back-to-top fixed right-4 bottom-24 z-30 flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-600"
      >
        <Icon name="arrow-up" />
        <span className="sr-only">{label}</span>
      </a>
    </back-to-top>
  );
}
