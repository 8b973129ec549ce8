// The custom elements the components render (see app/lib/custom-element.ts), typed for JSX.
import type { ReactNode } from "react";

interface CustomElementProps {
  children?: ReactNode;
  class?: string;
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "today-date": CustomElementProps & { label: string };
      "hero-video": CustomElementProps & { webm: string; mp4: string };
      "scroll-by": CustomElementProps & { px: number };
      "count-up": CustomElementProps & { value: number; format: string };
      "grow-bars": CustomElementProps;
      "mobile-menu": CustomElementProps;
      "desktop-nav": CustomElementProps;
      "back-to-top": CustomElementProps;
      "header-tone": CustomElementProps;
      "newsletter-signup": CustomElementProps;
      "slide-carousel": CustomElementProps & { delay: number };
    }
  }
}

// Invoker commands (HTML's `commandfor` and `command`), which React's types do not list yet: React passes them to the DOM as they are.
declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type parameter must match React's declaration to merge with it
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover";
  }
}
