// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { VISIT_HEADER, type AnalyticsEvent, type Visit } from "../../contract/analytics";

// What a page says about its visit. Each page is a document load, so the
// beacon knows only the page it is on: one reached from another of our pages
// says it continues a visit, and the server credits the landing it remembers.

/** The beacon as a freshly loaded page at `url`, reached from `referrer`. */
async function pageAt(url: string, referrer: string) {
  vi.resetModules();
  history.replaceState(null, "", url);
  Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
  const sent: AnalyticsEvent[] = [];
  vi.stubGlobal("navigator", { sendBeacon: (_url: string, body: string) => sent.push(JSON.parse(body) as AnalyticsEvent) });
  const beacon = await import("./analytics-beacon");
  const visit = () => JSON.parse(decodeURIComponent(beacon.visitHeader()[VISIT_HEADER]!)) as Visit;
  return { beacon, sent, visit };
}

afterEach(() => vi.unstubAllGlobals());

describe("the visit a page reports", () => {
  it("is the landing itself on a page loaded from elsewhere: its path, the other site's origin, its campaign", async () => {
    const { visit } = await pageAt("/freelancers?utm_source=news&utm_campaign=Spring", "https://www.google.com/search?q=payroll");
    expect(visit()).toEqual({ l: "/freelancers", r: "https://www.google.com", s: "news", c: "Spring" });
    const typed = await pageAt("/freelancers", "");
    expect(typed.visit()).toEqual({ l: "/freelancers" });
  });

  it("is marked as continuing a visit on a page reached from another of ours, with events and the lead header alike", async () => {
    const { beacon, sent, visit } = await pageAt("/contact", `${location.origin}/freelancers?utm_campaign=spring`);
    expect(visit()).toEqual({ l: "/contact", n: 1 });
    beacon.trackFormSubmit({ name: "Ann", email: "ann@example.co.uk" });
    expect(sent).toEqual([{ e: "form_submit", p: "/contact", f: "contact", v: { l: "/contact", n: 1 } }]);
  });
});
