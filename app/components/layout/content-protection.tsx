import type { ReactNode } from "react";
import { contentProtection } from "~/data/site";
import { CONTENT_PROTECTED_CLASS } from "~/lib/content-protection-markup";

/**
 * Wraps the page's content; nothing when the site config switches protection
 * off. The rules themselves are the head script's (app/head/content-protection.ts),
 * which acts while this wrapper is in the page.
 */
export function ContentProtection({ children }: { children: ReactNode }) {
  return <div className={contentProtection ? CONTENT_PROTECTED_CLASS : undefined}>{children}</div>;
}
