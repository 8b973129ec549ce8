// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { LEAVE_BEACONS_PER_VIEW_MAX, VISIT_HEADER, type AnalyticsEvent, type LeaveEvent, type Visit } from "../../contract/analytics";

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

describe("the leave beacon", () => {
  /** The contact form as the page renders it: named fields, the honeypot out of the tab order, each error's words in the markup. */
  function contactForm() {
    document.body.innerHTML = `
      <form action="/api/contactus">
        <input name="name" id="f-name" data-error-missing="Please enter your name.">
        <input name="email" id="f-email" type="email" required data-error-missing="Please enter your email address." data-error-format="Please enter a valid email address.">
        <p id="f-email-error"></p>
        <textarea name="message" id="f-message"></textarea>
        <input name="website" tabindex="-1">
      </form>`;
    return (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

  it("carries the fields reached, the one left at, the message's key (never its words or a value) and the correction, once", async () => {
    const { beacon, sent } = await pageAt("/contact", "");
    vi.stubGlobal("IntersectionObserver", class { observe() {} unobserve() {} disconnect() {} });
    const field = contactForm();
    beacon.pageView();
    for (const [name, value] of [["name", "Ann Smith"], ["email", "ann@"]] as const) {
      field(name).focus();
      field(name).value = value;
      field(name).dispatchEvent(new Event("input", { bubbles: true }));
    }
    // The form marks the email invalid with its format message.
    document.getElementById("f-email-error")!.textContent = "Please enter a valid email address.";
    field("email").setAttribute("aria-describedby", "f-email-error");
    field("email").setAttribute("aria-invalid", "true");
    await settle();
    field("email").value = "ann@example";
    field("email").dispatchEvent(new Event("input", { bubbles: true }));
    field("website").focus();
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    document.dispatchEvent(new Event("visibilitychange"));
    const leaves = sent.filter((event) => (event as { e: string }).e === "leave");
    expect(leaves).toEqual([{ e: "leave", p: "/contact", v: { l: "/contact" }, t: [{ f: "contact", r: ["name", "email"], l: "email", m: [["email", "format", 1]], c: ["email"] }] }]);
    expect(JSON.stringify(leaves)).not.toContain("Ann");
    expect(JSON.stringify(leaves)).not.toContain("valid email");

    // Another tab, then back: the rest filled in and sent. The next hide sends only what changed, the leave withdrawn.
    const visibility = (state: "hidden" | "visible") => {
      Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    };
    const type = (name: string, value: string) => {
      field(name).focus();
      field(name).value = value;
      field(name).dispatchEvent(new Event("input", { bubbles: true }));
    };
    const allLeaves = () => sent.filter((event) => (event as { e: string }).e === "leave") as unknown as LeaveEvent[];
    visibility("visible");
    type("email", "ann@example.co.uk");
    type("message", "Payroll");
    beacon.trackFormSubmit({ name: "Ann Smith", email: "ann@example.co.uk" });
    visibility("hidden");
    const [, again] = allLeaves();
    expect(again).toMatchObject({ e: "leave", p: "/contact", t: [{ f: "contact", r: ["message"], u: "email" }] });
    expect(again?.t?.[0]?.t).toBeGreaterThanOrEqual(0);
    expect(again?.t?.[0]).not.toHaveProperty("l");
    expect(again?.t?.[0]).not.toHaveProperty("m");
    // A few per page view at most, however often the visitor comes and goes.
    for (let i = 0; i < 5; i += 1) {
      visibility("visible");
      // Each time the email's message is met once more: something new to report.
      field("email").setAttribute("aria-invalid", "false");
      await settle();
      field("email").setAttribute("aria-invalid", "true");
      await settle();
      visibility("hidden");
    }
    expect(allLeaves()).toHaveLength(LEAVE_BEACONS_PER_VIEW_MAX);
  });

});
