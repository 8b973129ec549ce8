// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderHook } from "@testing-library/react";
import { FILL_START_ATTRIBUTE, PRESSED_AT_ATTRIBUTE } from "./early-forms-markup";
import { enquiryAccepted, fillTime, firstPaintTime, isOwnApi, newsletterAccepted, newSubmission, postLead, useProofOfWork } from "./lead-client";

// The proof of work is solved in a worker, which jsdom has not: its answer stands in.
vi.mock("./proof-of-work", () => ({ solveProof: async () => "solved-proof" }));

let submission = newSubmission();
beforeEach(() => {
  submission = { key: "5f0c1f7e-3c4b-4b7e-9a55-0d7d2c1f4a11", renderedAt: Date.now() - 5000 };
});

function mockFetch(response: Response | Error) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response.clone();
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("postLead", () => {
  it("posts a FormData to /api/contactus on this origin with the anti-abuse headers and no content type of its own", async () => {
    const fetch = mockFetch(Response.json({ status: true }));
    const answer = await postLead({ email: "ann@example.co.uk" }, { submission });
    expect(answer).toEqual({ status: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/contactus");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBeInstanceOf(FormData);
    expect([...(init?.body as FormData).entries()]).toEqual([["email", "ann@example.co.uk"]]);
    expect(init?.headers).toEqual({
      "Idempotency-Key": submission.key,
      "X-Form-Rendered-At": expect.stringMatching(/^\d+$/),
      // How long the form was on screen, by this browser's clock.
      "X-Form-Shown-Ms": expect.stringMatching(/^\d+$/),
      // Started at the press (the form's first focus would have started it sooner): always sent.
      "X-Altcha": "solved-proof",
      // The visit that produced the lead (analytics): its landing page, nothing about the person.
      "X-Visit-Context": encodeURIComponent(JSON.stringify({ l: "/" })),
    });
    const headers = init?.headers as Record<string, string>;
    expect(Number(headers["X-Form-Shown-Ms"])).toBeGreaterThanOrEqual(5000);
    // Waiting for the proof is not the visitor's time.
    expect(Number(headers["X-Form-Rendered-At"])).toBeGreaterThanOrEqual(submission.renderedAt);
  });

  it("sends a retry with the same words under the same key and proof, and changed words as a new submission", async () => {
    const fetch = mockFetch(Response.json({ status: true }));
    await postLead({ message: "Hello" }, { submission });
    await postLead({ message: "Hello" }, { submission });
    await postLead({ message: "Hello, and one more thing" }, { submission });
    const sent = fetch.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(sent[1]!["Idempotency-Key"]).toBe(sent[0]!["Idempotency-Key"]);
    expect(sent[2]!["Idempotency-Key"]).not.toBe(sent[0]!["Idempotency-Key"]);
  });

  it("times a press the head script held to when it was made, not to when this code sent it", async () => {
    const fetch = mockFetch(Response.json({ status: true }));
    const form = document.createElement("form");
    form.append(Object.assign(document.createElement("input"), { type: "email", value: "bot@example.co.uk" }));
    document.body.append(form);
    // Filled and pressed 90 ms apart, 400 ms after the form was painted; the code came 2 s later.
    const pressed = Math.round(performance.now()) - 2000;
    form.setAttribute(FILL_START_ATTRIBUTE, String(pressed - 90));
    form.setAttribute(PRESSED_AT_ATTRIBUTE, String(pressed));
    renderHook(() => useProofOfWork({ current: form }));
    await postLead({ email: "bot@example.co.uk" }, { submission: { ...submission, renderedAt: Math.round(performance.timeOrigin + pressed - 400) }, form });
    const headers = fetch.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers["X-Form-Fill-Ms"]).toBe("90");
    expect(Number(headers["X-Form-Shown-Ms"])).toBeGreaterThanOrEqual(399);
    expect(Number(headers["X-Form-Shown-Ms"])).toBeLessThanOrEqual(401);
    // Taken once: a later press is timed when it happens.
    expect(form.hasAttribute(PRESSED_AT_ATTRIBUTE)).toBe(false);
  });

  it("sends the honeypot only when it has a value", async () => {
    const fetch = mockFetch(Response.json({ status: true }));
    await postLead({ email: "a@b.co" }, { submission, honeypot: "" });
    await postLead({ email: "a@b.co" }, { submission, honeypot: "spam" });
    const bodies = fetch.mock.calls.map(([, init]) => [...(init?.body as FormData).keys()]);
    expect(bodies).toEqual([["email"], ["email", "website"]]);
  });

  it("never sends the headers to a foreign API host", async () => {
    const fetch = mockFetch(Response.json({ status: true }));
    await postLead({ email: "a@b.co" }, { submission, base: "https://crm.example.com" });
    expect(fetch.mock.calls[0]![0]).toBe("https://crm.example.com/api/contactus");
    expect(fetch.mock.calls[0]![1]?.headers).toBeUndefined();
  });

  it("answers null for a network failure, an HTTP error and a body that is not JSON", async () => {
    mockFetch(new TypeError("Failed to fetch"));
    expect(await postLead({ email: "a@b.co" }, { submission })).toBeNull();
    mockFetch(Response.json({ status: true }, { status: 500 }));
    expect(await postLead({ email: "a@b.co" }, { submission })).toBeNull();
    mockFetch(new Response("<html>", { status: 200 }));
    expect(await postLead({ email: "a@b.co" }, { submission })).toBeNull();
  });
});

describe("answers and submissions", () => {
  it("reads the newsletter's status and the enquiry's data.status", () => {
    expect(newsletterAccepted({ status: true })).toBe(true);
    expect(newsletterAccepted({ status: false, data: { status: true } })).toBe(false);
    expect(newsletterAccepted(null)).toBe(false);
    expect(enquiryAccepted({ status: true, data: { status: true } })).toBe(true);
    expect(enquiryAccepted({ status: true })).toBe(false);
    expect(enquiryAccepted({ status: true, data: { status: false } })).toBe(false);
  });

  it("treats an empty base or this origin as our own API", () => {
    expect(isOwnApi("", "https://site.example")).toBe(true);
    expect(isOwnApi("https://site.example", "https://site.example")).toBe(true);
    expect(isOwnApi("https://crm.example", "https://site.example")).toBe(false);
  });

  it("makes a fresh v4 key each time, also where crypto.randomUUID is missing (plain http)", () => {
    const first = newSubmission(5);
    expect(first.renderedAt).toBe(5);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(first.key).toMatch(uuid);
    expect(newSubmission().key).not.toBe(first.key);
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => real.getRandomValues(bytes) });
    expect(newSubmission().key).toMatch(uuid);
  });
});

describe("firstPaintTime", () => {
  it("is the first contentful paint on the wall clock, or the navigation start where the browser does not say", () => {
    const origin = performance.timeOrigin;
    vi.spyOn(performance, "getEntriesByName").mockReturnValueOnce([{ startTime: 640.4 } as PerformanceEntry]);
    expect(firstPaintTime()).toBe(Math.round(origin + 640.4));
    vi.spyOn(performance, "getEntriesByName").mockReturnValueOnce([]);
    expect(firstPaintTime()).toBe(Math.round(origin));
  });
});

describe("fillTime", () => {
  const formWith = (value = "") => {
    const form = document.createElement("form");
    const field = Object.assign(document.createElement("input"), { type: "email", value });
    const send = Object.assign(document.createElement("button"), { type: "submit" });
    form.append(field, send);
    document.body.append(form);
    return { form, field, send };
  };

  it("starts at the first focus in a field, never at the Send button", () => {
    const { form, field, send } = formWith();
    renderHook(() => useProofOfWork({ current: form }));
    send.focus();
    expect(fillTime(form)).toBeUndefined();
    field.focus();
    expect(fillTime(form)).toBeGreaterThanOrEqual(0);
  });

  it("is unknown for a form filled before its script arrived where no head script noted when", () => {
    const { form, field } = formWith("ann@example.co.uk");
    renderHook(() => useProofOfWork({ current: form }));
    field.focus();
    expect(fillTime(form)).toBeUndefined();
  });

  it("starts where the head script noted the first focus, before the form's script arrived", () => {
    const { form } = formWith("ann@example.co.uk");
    const start = Math.round(performance.now()) - 180;
    form.setAttribute(FILL_START_ATTRIBUTE, String(start));
    renderHook(() => useProofOfWork({ current: form }));
    expect(fillTime(form, start + 120)).toBe(120);
  });
});
