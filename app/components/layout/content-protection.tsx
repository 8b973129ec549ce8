import { useEffect, type ReactNode } from "react";
import { site } from "~/content/site";
import { installContentProtection } from "~/lib/content-protection";

/** Wraps the page; does nothing when the site config switches protection off. */
export function ContentProtection({ children }: { children: ReactNode }) {
  const enabled = site.contentProtection;
  useEffect(() => (enabled ? installContentProtection(document) : undefined), [enabled]);
  return <div className={enabled ? "content-protected" : undefined}>{children}</div>;
}
