// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EARLY_FORM_ATTRIBUTE, FILL_START_ATTRIBUTE, HELD_ATTRIBUTE, PRESSED_AT_ATTRIBUTE, RELEASE_AFTER_MS, STATUS_MESSAGE_MS } from "~/lib/early-forms-markup";
import earlyFormsScript from "./early-forms?inline-script";
import { runBuiltScript } from "./run-built-script";

// The forms' head script as the browser runs it: the string the build inlines, run once on the
// document. The form here carries the markup the two forms render (app/lib/early-forms-markup.ts).

beforeAll(() => runBuiltScript(earlyFormsScript, "early-forms"));
afterEach(() => {
  document.body.innerHTML = "";
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A contact-like form: fields with message slots, a status line, a busy label. */
function contactLike() {
  document.body.innerHTML = `
    <form ${EARLY_FORM_ATTRIBUTE} method="post" action="/api/contactus">
      <input id="f-name" name="name" required data-error-missing="Please enter your name."><p id="f-name-error"></p>
      <input id="f-email" name="email" type="email" pattern="[^@]+@[^@]+\\.[^@]+" required data-error-missing="Please enter your email address." data-error-format="Please enter a valid email address."><p id="f-email-error"></p>
      <button type="submit" data-busy-label="Sending...">Send Message</button>
      <p id="f-status" role="status" data-status="idle" data-error="Please fix the errors."></p>
    </form>`;
  const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
  return { form: $<HTMLFormElement>("form"), name: $<HTMLInputElement>("#f-name"), email: $<HTMLInputElement>("#f-email"), button: $<HTMLButtonElement>("button"), status: $("#f-status") };
}

/** The footer's: one field, no slot, a status line that goes back to idle. */
function footerLike() {
  document.body.innerHTML = `
    <form ${EARLY_FORM_ATTRIBUTE}>
      <input id="n-email" name="email" type="email" required>
      <button type="submit" data-busy-label="Subscribing...">Subscribe</button>
      <p id="n-status" role="status" data-status="idle" data-error="Please enter a valid email address." data-timed></p>
    </form>`;
  return { form: document.querySelector("form")!, email: document.querySelector("input")!, status: document.querySelector<HTMLElement>("#n-status")! };
}

describe("the forms' head script", () => {
  it("answers an invalid press with the form's error and each field's message in place, focus on the first, and cancels the browser's own", () => {
    const { form, name, email, status } = contactLike();
    const cancelled: boolean[] = [];
    form.addEventListener("invalid", (event) => cancelled.push(event.defaultPrevented), true);
    email.value = "ann@example";
    form.requestSubmit();
    expect(cancelled).toEqual([true, true]);
    expect(status.textContent).toBe("Please fix the errors.");
    expect(status.dataset.status).toBe("error");
    expect(document.getElementById("f-name-error")!.textContent).toBe("Please enter your name.");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe("f-name-error");
    expect(document.getElementById("f-email-error")!.textContent).toBe("Please enter a valid email address.");
    expect(document.activeElement).toBe(name);
    expect(form.hasAttribute(HELD_ATTRIBUTE)).toBe(false);

    // Editing a field clears its own message only.
    name.value = "Ann";
    name.dispatchEvent(new Event("input", { bubbles: true }));
    expect(name.hasAttribute("aria-invalid")).toBe(false);
    expect(document.getElementById("f-name-error")!.textContent).toBe("");
    expect(document.getElementById("f-email-error")!.textContent).toBe("Please enter a valid email address.");
  });

  it("puts a field without a slot on the status line, which goes back to idle after STATUS_MESSAGE_MS", () => {
    vi.useFakeTimers();
    const { form, email, status } = footerLike();
    form.requestSubmit();
    expect(status.textContent).toBe("Please enter a valid email address.");
    expect(email.getAttribute("aria-describedby")).toBe("n-status");
    expect(document.activeElement).toBe(email);
    vi.advanceTimersByTime(STATUS_MESSAGE_MS - 1);
    expect(status.textContent).not.toBe("");
    vi.advanceTimersByTime(1);
    expect(status.textContent).toBe("");
    expect(status.dataset.status).toBe("idle");
    expect(email.hasAttribute("aria-invalid")).toBe(false);
  });

  it("holds a valid press in its sending state, once, and posts it natively if no code takes it within RELEASE_AFTER_MS", () => {
    vi.useFakeTimers();
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => undefined);
    const { form, name, email, button } = contactLike();
    name.value = "Ann";
    email.value = "ann@example.co.uk";
    const submitted = vi.fn((event: Event) => event.defaultPrevented);
    form.addEventListener("submit", submitted);
    form.requestSubmit();
    form.requestSubmit();
    expect(submitted.mock.results.map((result) => result.value)).toEqual([true, true]);
    expect(form.hasAttribute(HELD_ATTRIBUTE)).toBe(true);
    expect(form.getAttribute("aria-busy")).toBe("true");
    expect(button.textContent).toBe("Sending...");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    vi.advanceTimersByTime(RELEASE_AFTER_MS - 1);
    expect(submit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(form.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
  });

  it("leaves a held press to the form's code once it takes the mark, and a form whose code has run alone", () => {
    vi.useFakeTimers();
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => undefined);
    const { form, name, email, status } = contactLike();
    name.value = "Ann";
    email.value = "ann@example.co.uk";
    form.requestSubmit();
    // The form's code: it turns native validation off and takes the held submission.
    form.noValidate = true;
    form.removeAttribute(HELD_ATTRIBUTE);
    vi.advanceTimersByTime(RELEASE_AFTER_MS);
    expect(submit).not.toHaveBeenCalled();

    name.value = "";
    const submitted = vi.fn((event: Event) => event.defaultPrevented);
    form.addEventListener("submit", submitted);
    status.textContent = "";
    form.requestSubmit();
    expect(submitted.mock.results.map((result) => result.value)).toEqual([false]);
    expect(status.textContent).toBe("");
    expect(form.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
  });

  it("notes when a field was first focused, never the Send button, and when a held press was made, for the form's code to time them", () => {
    const { form, name, email, button } = contactLike();
    button.focus();
    expect(form.hasAttribute(FILL_START_ATTRIBUTE)).toBe(false);
    name.focus();
    const start = Number(form.getAttribute(FILL_START_ATTRIBUTE));
    expect(start).toBeGreaterThan(0);
    name.value = "Ann";
    email.focus();
    email.value = "ann@example.co.uk";
    email.dispatchEvent(new Event("input", { bubbles: true }));
    expect(Number(form.getAttribute(FILL_START_ATTRIBUTE))).toBe(start);
    form.requestSubmit();
    expect(Number(form.getAttribute(PRESSED_AT_ATTRIBUTE))).toBeGreaterThanOrEqual(start);
  });

  it("notes an autofill's input without focus, and nothing once the form's code has taken over", () => {
    const { form, email } = footerLike();
    email.value = "ann@example.co.uk";
    email.dispatchEvent(new Event("input", { bubbles: true }));
    expect(form.hasAttribute(FILL_START_ATTRIBUTE)).toBe(true);
    const taken = footerLike();
    taken.form.noValidate = true;
    taken.email.focus();
    expect(taken.form.hasAttribute(FILL_START_ATTRIBUTE)).toBe(false);
  });

  it("leaves an unmarked form to the browser", () => {
    document.body.innerHTML = `<form><input required><p role="status" data-error="x"></p></form>`;
    const form = document.querySelector("form")!;
    const cancelled: boolean[] = [];
    document.querySelector("input")!.addEventListener("invalid", (event) => cancelled.push(event.defaultPrevented));
    form.requestSubmit();
    expect(cancelled).toEqual([false]);
    expect(document.querySelector("p")!.textContent).toBe("");
  });
});
