import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts } from "react-router";
import { defineElementsIn } from "~/components/element-definitions";
import { DeferredNewsletterForm } from "~/components/forms/deferred-newsletter-form";
import { SiteLayout } from "~/components/layout/site-layout";
import { layoutCopy } from "~/data/layout";
import { paths } from "~/data/paths";
import { site } from "~/data/site";
import { usePageAnalytics } from "~/lib/use-page-analytics";
import { useHydrationSignal } from "~/lib/hydration-signal";
import contentProtectionScript from "./head/content-protection?inline-script";
import earlyEventsScript from "./head/early-events?inline-script";
import noticesScript from "./head/notices?inline-script";
import "./app.css";

export const links = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

// The pre-rendered page's custom elements, before it hydrates: its sections' code is not loaded, so their behaviours come from here.
if (!import.meta.env.SSR) defineElementsIn(document);

// React leaves a hydrated element's HTML alone while `__html` is unchanged: one constant keeps it for good.
// Each script is one minified IIFE with no trailing semicolon, so they are joined with one.
const headScript = {
  __html: import.meta.env.SSR ? [noticesScript, ...(site.contentProtection ? [contentProtectionScript] : []), earlyEventsScript].join(";") : "",
};

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#123c8c" />
        {/* Before the first paint: which notices this visitor still needs, and their buttons (head/notices.ts);
            the content protection (head/content-protection.ts); presses on forms and widgets whose code comes
            later, answered or held and then replayed to it (head/early-events.ts). Written by the pre-render only: the browser
            keeps it as it is, so its text is not in the bundle too. */}
        <script dangerouslySetInnerHTML={headScript} suppressHydrationWarning />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useHydrationSignal();
  usePageAnalytics();
  return (
    <SiteLayout newsletter={<DeferredNewsletterForm />}>
      <Outlet />
    </SiteLayout>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const copy = layoutCopy.error;
  const heading = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : copy.heading;
  return (
    <main className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-900">{heading}</h1>
      <p className="mt-4 text-muted">{copy.text}</p>
      <a className="mt-8 inline-block font-semibold text-brand-700 underline" href={paths.home}>
        {copy.backHome}
      </a>
    </main>
  );
}
