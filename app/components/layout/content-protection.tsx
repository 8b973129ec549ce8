import type { ReactNode } from "react";
import { site } from "~/data/site";
import { CONTENT_PROTECTED_CLASS } from "./content-protection-script";

/**
 * Wraps the page's content; nothing when the site config switches protection
 * off. The rules themselves are the head script's (content-protection-script.ts),
 * which acts while this wrapper is in the page.
 */
export function ContentProtection({ children }: { children: ReactNode }) {
  return <div className={site.contentProtection ? CONTENT_PROTECTED_CLASS : undefined}>{children}</div>;
}
