// The custom elements the components render (see app/lib/custom-element.ts), typed for JSX.
import type { ReactNode } from "react";

interface CustomElementProps {
  children?: ReactNode;
  class?: string;
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "faq-accordion": CustomElementProps;
      "today-date": CustomElementProps & { label: string };
      "hero-video": CustomElementProps & { webm: string; mp4: string };
      "scroll-by": CustomElementProps & { px: number };
      "count-up": CustomElementProps & { value: number; format: string };
      "grow-bars": CustomElementProps;
      "slide-carousel": CustomElementProps & { delay: number };
    }
  }
}
