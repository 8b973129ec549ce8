// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { earlyAnswer, replayEarlyEvents } from "~/lib/early-events";
import { BUSY_LABEL_ATTRIBUTE, FORM_ERROR_ATTRIBUTE, FORMAT_ATTRIBUTE, MISSING_ATTRIBUTE, RELEASE_AFTER_MS, REPLAY_ATTRIBUTE, STATUS_ATTRIBUTE } from "~/lib/early-events-markup";
import { EMAIL_PATTERN } from "../../contract/form-fields";
import earlyEventsScript from "./early-events?inline-script";
import { runBuiltScript } from "./run-built-script";

// The head script runs as the browser runs it: the string the build inlines,
// run once on this window (its listeners stay for the file); each test
// builds fresh elements.
beforeAll(() => runBuiltScript(earlyEventsScript, "early-events"));
beforeEach(() => {
  document.body.innerHTML = "";
});

/** A form that opts in, with a field and a submit button, and a spy on its submit events that pass. */
function lateForm() {
  document.body.insertAdjacentHTML(
    "beforeend",
    `<form ${REPLAY_ATTRIBUTE}="" action="/api/contactus" method="post"><input name="email" /><input type="checkbox" name="pick" /><button>Subscribe</button></form>`,
  );
  const form = document.body.lastElementChild as HTMLFormElement;
  const submits = vi.fn((event: SubmitEvent) => {
    event.preventDefault();
    return event.submitter;
  });
  form.addEventListener("submit", submits);
  return { form, button: form.querySelector("button")!, box: form.querySelector<HTMLInputElement>("[type=checkbox]")!, submits };
}

describe("the early events head script", () => {
  it("holds a form's submission before its code is ready: no native post, nothing reaches the page's handlers", () => {
    const { form, button, submits } = lateForm();
    const page = vi.fn();
    document.addEventListener("submit", page);
    document.addEventListener("click", page);
    button.click();
    form.requestSubmit();
    expect(submits).not.toHaveBeenCalled();
    expect(page).not.toHaveBeenCalled();
    // Held in one entry, with the button that was pressed: a double tap is one submission.
    expect(window.__earlyEvents?.held.filter((item) => item[0] === form)).toEqual([[form, form, button]]);
    document.removeEventListener("submit", page);
    document.removeEventListener("click", page);
  });

  it("replays the held submission once, with its button, when the form is ready; later presses pass", () => {
    const { form, button, submits } = lateForm();
    button.click();
    button.click();
    form.noValidate = true;
    replayEarlyEvents(form);
    expect(submits).toHaveBeenCalledTimes(1);
    expect(submits.mock.results[0]?.value).toBe(button);
    expect(window.__earlyEvents?.held.some((item) => item[0] === form)).toBe(false);
    replayEarlyEvents(form);
    expect(submits).toHaveBeenCalledTimes(1);
    button.click();
    expect(submits).toHaveBeenCalledTimes(2);
  });

  it("leaves a form's other controls alone: a box ticked early stays ticked", () => {
    const { box, submits } = lateForm();
    box.click();
    expect(box.checked).toBe(true);
    expect(submits).not.toHaveBeenCalled();
  });

  it("holds every click on an opted-in widget and replays them in order on the control pressed", () => {
    document.body.innerHTML = `<div ${REPLAY_ATTRIBUTE}=""><button>Next <svg><path /></svg></button><button>Back</button></div><button>Elsewhere</button>`;
    const widget = document.body.firstElementChild!;
    const [next, back, elsewhere] = [...document.querySelectorAll("button")];
    const pressed: string[] = [];
    for (const button of [next!, back!, elsewhere!]) button.addEventListener("click", () => pressed.push(button.textContent!.trim()));
    next!.querySelector("path")!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    back!.click();
    elsewhere!.click();
    expect(pressed).toEqual(["Elsewhere"]);
    replayEarlyEvents(widget);
    expect(pressed).toEqual(["Elsewhere", "Next", "Back"]);
  });

  it("holds the keys a widget names and replays them as key presses where they were pressed", () => {
    document.body.innerHTML = `<div ${REPLAY_ATTRIBUTE}="ArrowLeft ArrowRight"><button>Next</button></div>`;
    const widget = document.body.firstElementChild!;
    const button = widget.querySelector("button")!;
    const keys: string[] = [];
    widget.addEventListener("keydown", (event) => keys.push((event as KeyboardEvent).key));
    const press = (key: string) => button.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    expect(press("ArrowRight")).toBe(false);
    // Keys it does not name pass: Tab still moves focus.
    expect(press("Tab")).toBe(true);
    expect(keys).toEqual(["Tab"]);
    replayEarlyEvents(widget);
    expect(keys).toEqual(["Tab", "ArrowRight"]);
  });

  it("keeps aria-expanded on a popover's buttons in step with the popover", () => {
    document.body.innerHTML = `<button popovertarget="panel" aria-expanded="false">Open</button><div id="panel" popover="auto"></div>`;
    const panel = document.getElementById("panel")!;
    const toggle = (newState: string) => panel.dispatchEvent(Object.assign(new Event("toggle"), { newState }));
    toggle("open");
    expect(document.querySelector("button")).toHaveAttribute("aria-expanded", "true");
    toggle("closed");
    expect(document.querySelector("button")).toHaveAttribute("aria-expanded", "false");
  });

  it("posts a held submission natively when the form's code has not taken it over in time", () => {
    vi.useFakeTimers();
    try {
      const { form, button, submits } = lateForm();
      form.querySelector("input")!.value = "ada@example.com";
      button.click();
      vi.advanceTimersByTime(RELEASE_AFTER_MS - 1);
      expect(submits).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(submits).toHaveBeenCalledTimes(1);
      expect(submits.mock.results[0]?.value).toBe(button);
      expect(window.__earlyEvents?.held.some((item) => item[0] === form)).toBe(false);
      // The code arriving afterwards replays nothing: the submission went once.
      replayEarlyEvents(form);
      expect(submits).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not post natively a submission its code has replayed", () => {
    vi.useFakeTimers();
    try {
      const { form, button, submits } = lateForm();
      form.querySelector("input")!.value = "ada@example.com";
      button.click();
      replayEarlyEvents(form);
      vi.advanceTimersByTime(RELEASE_AFTER_MS);
      expect(submits).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is a couple of kilobytes, one line", () => {
    expect(earlyEventsScript).not.toContain("\n");
    expect(earlyEventsScript.length).toBeLessThan(2600);
  });

});

/** A form as the site renders one: rules and messages from its field table on the fields, a slot per message, a status line. */
function checkedForm() {
  document.body.insertAdjacentHTML(
    "beforeend",
    `<form id="enquiry" ${REPLAY_ATTRIBUTE}="" ${FORM_ERROR_ATTRIBUTE}="Please check required fields." method="post">
      <input id="name" name="name" required ${MISSING_ATTRIBUTE}="Please enter your name." /><p id="name-error"></p>
      <input id="email" name="email" type="email" pattern="${EMAIL_PATTERN}" required ${MISSING_ATTRIBUTE}="Please enter your email address." ${FORMAT_ATTRIBUTE}="Please enter a valid email address." /><p id="email-error"></p>
      <input id="phone" name="phone" />
      <button ${BUSY_LABEL_ATTRIBUTE}="Submitting...">Send enquiry</button>
      <p id="status" role="status" ${STATUS_ATTRIBUTE}="idle"></p>
    </form>`,
  );
  const form = document.getElementById("enquiry") as HTMLFormElement;
  const submits = vi.fn((event: SubmitEvent) => event.preventDefault());
  form.addEventListener("submit", submits);
  const field = (id: string) => document.getElementById(id) as HTMLInputElement;
  return { form, submits, name: field("name"), email: field("email"), button: form.querySelector("button")!, status: field("status") };
}

describe("the early answer of a form", () => {
  it("answers an invalid submission at once with the field's messages, the status line and focus, and holds nothing", () => {
    const { form, name, email, button, status, submits } = checkedForm();
    email.value = "ann@example";
    button.click();
    expect(document.getElementById("name-error")).toHaveTextContent("Please enter your name.");
    expect(document.getElementById("email-error")).toHaveTextContent("Please enter a valid email address.");
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAttribute("aria-describedby", "name-error");
    expect(document.getElementById("phone")).not.toHaveAttribute("aria-invalid");
    expect(status).toHaveTextContent("Please check required fields.");
    expect(status).toHaveAttribute(STATUS_ATTRIBUTE, "error");
    expect(name).toHaveFocus();
    expect(button).toHaveTextContent("Send enquiry");
    expect(submits).not.toHaveBeenCalled();
    expect(window.__earlyEvents?.held.some((item) => item[0] === form)).toBe(false);
    // What the form's code starts from when it hydrates.
    expect(earlyAnswer("enquiry")).toEqual({
      status: "error",
      errors: { name: "Please enter your name.", email: "Please enter a valid email address." },
    });
  });

  it("clears a field's message as it is edited, and answers a corrected submission with its sending state, held once", () => {
    const { form, name, email, button, status, submits } = checkedForm();
    button.click();
    name.value = "Ann";
    name.dispatchEvent(new Event("input", { bubbles: true }));
    expect(document.getElementById("name-error")).toBeEmptyDOMElement();
    expect(name).not.toHaveAttribute("aria-invalid");
    expect(earlyAnswer("enquiry")?.errors).toEqual({ email: "Please enter your email address." });
    email.value = "ann@example.co.uk";
    button.click();
    button.click();
    expect(document.getElementById("email-error")).toBeEmptyDOMElement();
    expect(status).toHaveTextContent("");
    expect(status).toHaveAttribute(STATUS_ATTRIBUTE, "loading");
    expect(form).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveTextContent("Submitting...");
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(earlyAnswer("enquiry")).toEqual({ status: "loading", errors: {} });
    expect(window.__earlyEvents?.held.filter((item) => item[0] === form)).toHaveLength(1);
    // The code takes over: the one held submission is replayed, the early answer is its own from now on.
    form.noValidate = true;
    replayEarlyEvents(form);
    expect(submits).toHaveBeenCalledTimes(1);
    expect(earlyAnswer("enquiry")).toBeUndefined();
  });
});
