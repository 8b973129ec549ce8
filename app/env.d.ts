/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly PUBLIC_SITE_URL?: string;
  /** Where the forms post; empty means this site's own origin. */
  readonly PUBLIC_API_BASE?: string;
}
