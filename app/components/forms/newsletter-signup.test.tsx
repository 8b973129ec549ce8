// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STATUS_MESSAGE_MS } from "~/data/constants";
import { defineElement } from "~/lib/custom-element";
import type * as LeadPost from "~/lib/lead-post";
import { newsletterFormCopy } from "~/data/newsletter";
import { readEntry } from "../../../scripts/build/content-files";
import { NewsletterForm } from "./newsletter-form";

const copy = newsletterFormCopy(readEntry("forms/newsletter.yaml"));

// `<newsletter-signup>` on the form as the pre-render writes it: the spec's
// words and four states, in place, and what it hands to the sender. The
// request itself (multipart, headers, proof) is lead-post.ts's, tested with
// it and by e2e/newsletter.spec.ts in a real browser.

const postLead = vi.hoisted(() => vi.fn<(body: Record<string, string>, options: { submission: { key: string }; honeypot?: string }) => Promise<unknown>>());
vi.mock("~/lib/lead-post", async (importOriginal) => ({ ...(await importOriginal<typeof LeadPost>()), postLead, startProofOfWork: () => undefined }));
defineElement("newsletter-signup", (await import("./newsletter-signup.element")).default);

function mount() {
  document.body.innerHTML = renderToStaticMarkup(<NewsletterForm copy={copy} />);
  const form = document.querySelector("form")!;
  return {
    email: form.querySelector<HTMLInputElement>('input[type="email"]')!,
    button: form.querySelector("button")!,
    status: form.querySelector<HTMLElement>('[role="status"]')!,
  };
}

/** Answers the pending request when told. */
function gated(answer: unknown) {
  let release: () => void = () => undefined;
  postLead.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(answer))));
  return () => release();
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  postLead.mockReset();
  document.body.innerHTML = "";
});

describe("<newsletter-signup>", () => {
  it("answers an empty address with the spec's error, focus and no request, then returns to idle after 3 s", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { email, button, status } = mount();
    await user.click(button);
    // Answered with no download and no wait: the promises of the press, and nothing of the clock.
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
    expect(status.textContent).toBe(copy.error);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toBe(status.id);
    expect(document.activeElement).toBe(email);
    expect(postLead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(STATUS_MESSAGE_MS - 1);
    expect(status.textContent).toBe(copy.error);
    vi.advanceTimersByTime(1);
    expect(status.textContent).toBe("");
    expect(email.hasAttribute("aria-invalid")).toBe(false);
  });

  it("shows loading while the answer is pending, sends once for a second press, then success with the field cleared", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { email, button, status } = mount();
    const release = gated({ status: true });
    await user.type(email, "ann@example.co.uk");
    await user.click(button);
    await vi.waitFor(() => expect(button.textContent).toBe(copy.submitting));
    expect(button.getAttribute("aria-disabled")).toBe("true");
    await user.type(email, "{Enter}");
    await vi.waitFor(() => expect(postLead).toHaveBeenCalled());
    release();
    await vi.waitFor(() => expect(status.textContent).toBe(copy.success));
    expect(email.value).toBe("");
    expect(button.textContent).toBe(copy.submit);
    expect(button.hasAttribute("aria-disabled")).toBe(false);
    expect(postLead).toHaveBeenCalledTimes(1);
    expect(postLead.mock.calls[0]![0]).toEqual({ email: "ann@example.co.uk" });
    vi.advanceTimersByTime(STATUS_MESSAGE_MS);
    expect(status.textContent).toBe("");
  });

  it("shows the error on a refusal and keeps the submission for the retry; a success renews it", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { email, button, status } = mount();
    postLead.mockResolvedValueOnce(null).mockResolvedValueOnce({ status: true }).mockResolvedValueOnce({ status: true });
    await user.type(email, "ann@example.co.uk");
    await user.click(button);
    await vi.waitFor(() => expect(status.textContent).toBe(copy.error));
    expect(email.value).toBe("ann@example.co.uk");
    expect(email.hasAttribute("aria-invalid")).toBe(false);
    await user.click(button);
    await vi.waitFor(() => expect(status.textContent).toBe(copy.success));
    await user.type(email, "bob@example.co.uk");
    await user.click(button);
    await vi.waitFor(() => expect(postLead).toHaveBeenCalledTimes(3));
    const keys = postLead.mock.calls.map(([, options]) => options.submission.key);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
