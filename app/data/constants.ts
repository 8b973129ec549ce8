// Every timing, threshold and size the site's behaviour depends on, each with
// one name. Code reads them from here; the two that CSS must also state
// (app/app.css: the slide spacing and the back-to-top threshold) are kept
// equal to these by carousel.test.tsx and site-layout.test.tsx.

/** Header turns from transparent to white once scrolled past this (home only). */
export const HEADER_SCROLL_THRESHOLD_PX = 50;
/** The back-to-top button appears once scrolled beyond this. */
export const BACK_TO_TOP_THRESHOLD_PX = 300;
/** Browse Services on /services scrolls the window down by this much. */
export const SERVICES_HERO_SCROLL_PX = 450;

/** How long a form's status message stays before returning to idle. */
export const STATUS_MESSAGE_MS = 3000;
/** The disclaimer banner appears this long after load. */
export const DISCLAIMER_DELAY_MS = 1000;
/** Counters count up to their target over this long. */
export const COUNTER_DURATION_MS = 2000;

export const CAROUSEL_AUTOPLAY_MS = {
  whyChooseUs: 2500,
  servicesForFreelancers: 3500,
  testimonials: 3000,
} as const;
/**
 * Viewport widths (px) from which carousels show 1, 2 and 3 slides (narrower
 * screens show 1). Testimonial carousels stop at 2. These are Tailwind's sm, md
 * and lg breakpoints, so slides are sized by CSS before any script runs;
 * carousel.test.ts keeps the two in step.
 */
export const CAROUSEL_BREAKPOINTS_PX = { one: 640, two: 768, three: 1024 } as const;
/** Most slides in view at once, per carousel kind. */
export const CAROUSEL_MAX_SLIDES_IN_VIEW = { cards: 3, testimonials: 2 } as const;
/** Gap between carousel slides (px). */
export const CAROUSEL_SLIDE_SPACING_PX = 30;

export const STORAGE_KEYS = {
  cookiesAccepted: "cookiesAccepted",
  disclaimerAccepted: "disclaimerAccepted",
} as const;

/** Drawn height of the payroll page's two bar charts: freelancers by sector, and 2019 vs 2025. */
export const CHART_HEIGHTS_PX = { sectors: 400, comparison: 220 } as const;

/**
 * Not in the spec: how long a form waits for the lead API before treating the
 * attempt as failed, so a stalled connection never leaves a form loading forever.
 */
export const LEAD_REQUEST_TIMEOUT_MS = 15_000;

/** How long a chart's bars take to grow once it is scrolled into view (not in the spec; our choice). */
export const CHART_GROW_MS = 1200;
