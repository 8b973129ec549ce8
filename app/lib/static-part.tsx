import { lazy, useEffect, useRef, useState, type ComponentType } from "react";
import { useLocation, useNavigate, type NavigateFunction } from "react-router";
import { isPageHydrated } from "./hydration-signal";

// React keeps an element's pre-rendered children when it hydrates it with
// dangerouslySetInnerHTML, and rewrites them only if `__html` changes: one
// constant empty string keeps them for the life of the element.
const keepPrerenderedHtml = { __html: "" };

interface StaticPartOptions {
  /** The same on every page (the footer): no need to render it afresh after a move to another page. */
  everyPage?: boolean;
}

/**
 * A part of a page that needs no JavaScript: copy, headings, cards, links.
 * The pre-render writes it into the HTML; a page hydrating keeps that HTML as
 * it is, so the browser never downloads the part's code or copy for it. When a
 * visitor moves to the page inside the app, the part's module is fetched then
 * and rendered as usual (the router's navigation is a transition, so the old
 * page stays until it has arrived). Links in a kept part move inside the app,
 * as React Router's links do.
 */
export function staticPart<Module extends Record<Name, ComponentType>, Name extends string = "default">(
  load: () => Promise<Module>,
  /** Which of the module's components, when it holds several parts of one page. */
  name: Name = "default" as Name,
  { everyPage = false }: StaticPartOptions = {},
): ComponentType {
  const Loaded = lazy(() => load().then((module): { default: ComponentType } => ({ default: module[name] })));

  function Part() {
    // Whether this element was in the pre-rendered page; decided once, when it mounts.
    const [prerendered] = useState(() => !import.meta.env.SSR && !isPageHydrated());
    const element = useRef<HTMLDivElement>(null);
    const navigate = useNavigate();
    useEffect(() => (prerendered && element.current ? followLinksInApp(element.current, navigate) : undefined), [prerendered, navigate]);
    if (prerendered) return <div ref={element} className="contents" dangerouslySetInnerHTML={keepPrerenderedHtml} suppressHydrationWarning />;
    return (
      <div className="contents">
        <Loaded />
      </div>
    );
  }

  function PartOfThisPage() {
    // A move to another address that this route also renders (another service category) starts the part afresh.
    const { pathname } = useLocation();
    return <Part key={pathname} />;
  }

  return everyPage ? Part : PartOfThisPage;
}

/** Clicks on the kept HTML's own-site links navigate inside the app, as a React Router link would; returns a function that stops. */
export function followLinksInApp(container: HTMLElement, navigate: NavigateFunction): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || !container.contains(link) || link.target || link.hasAttribute("download")) return;
    if (link.origin !== window.location.origin || !link.pathname) return;
    // A jump within this page is the browser's to make.
    if (link.pathname === window.location.pathname && link.hash) return;
    event.preventDefault();
    void navigate(link.pathname + link.search + link.hash);
  };
  container.addEventListener("click", onClick);
  return () => container.removeEventListener("click", onClick);
}
