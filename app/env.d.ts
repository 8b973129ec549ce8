/// <reference types="vite/client" />

interface ImportMetaEnv {
  // Both are written in at build time by scripts/build/build-env.ts, checked and without a trailing slash.
  /** The site's origin, e.g. https://www.example.co.uk. */
  readonly PUBLIC_SITE_URL: string;
  /** Where the forms post; empty means this site's own origin. */
  readonly PUBLIC_API_BASE: string;
  /** The retention periods (RETENTION_*, checked as the server checks them) as JSON, for the privacy policy. */
  readonly RETENTION: string;
}

// A module bundled to one minified string at build, for an inline <script> (scripts/build/inline-script-plugin.ts).
declare module "*?inline-script" {
  const code: string;
  export default code;
}
