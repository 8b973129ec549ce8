import type { BuildEnvironmentOptions } from "vite";

// How the browser bundle is cut into files, shared by the site and the bench's
// floor app (bench/floor/) so both are built the same way.
//
// Brotli compresses each file on its own, so many small chunks cost more than
// one chunk with the same code. React, React DOM and React Router load on every
// page anyway: one "framework" chunk. The site's own modules used by at least
// `SHELL_MIN_PAGES` pages (layout, copy, paths, small UI parts) go into one
// "shell" chunk; code used by fewer pages (charts, carousels, forms, the inbox)
// stays in chunks that only those pages load.

const SHELL_MIN_PAGES = 6;

export const codeSplitting: NonNullable<NonNullable<BuildEnvironmentOptions["rolldownOptions"]>["output"]> = {
  codeSplitting: {
    groups: [
      { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 2 },
      { name: "shell", test: /[\\/]app[\\/]/, minShareCount: SHELL_MIN_PAGES, priority: 1 },
    ],
  },
};
