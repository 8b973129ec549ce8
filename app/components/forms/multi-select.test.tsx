// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MultiSelect } from "./multi-select";

const options = ["Healthcare", "Construction", "Engineering"] as const;

function Harness({ initial = [] as (typeof options)[number][] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MultiSelect label="Sectors" name="sector" options={options} value={value} onChange={setValue} copy={{ placeholder: "Select options", selected: "{count} selected" }} />
      <output>{value.join(",")}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

afterEach(cleanup);

// jsdom has no Popover API: opening and closing are the browser's (e2e/contact.spec.ts and
// e2e/first-tap-forms.spec.ts test them there). Here, the wiring and what this code adds.

/**
 * Makes jsdom's panel open or closed as a browser's popover is: it reports itself as
 * :popover-open, and it is rendered. jsdom's own stylesheet hides every popover
 * (`[popover]:not(:popover-open)`, which it never matches), and what is not rendered takes
 * no focus, as in a browser; an open panel's checkboxes must.
 */
function setShown(panel: HTMLElement, open: boolean) {
  const matches = HTMLElement.prototype.matches;
  Object.defineProperty(panel, "matches", {
    configurable: true,
    value: (selector: string) => (selector === ":popover-open" ? open : matches.call(panel, selector)),
  });
  panel.style.display = open ? "block" : "";
}

describe("MultiSelect", () => {
  it("is a button named by its label and its summary that opens a popover group of checkboxes", () => {
    render(<Harness />);
    const button = screen.getByRole("button", { name: "Sectors Select options" });
    // Expanded or not is the browser's own state of a popovertarget button: no attribute to fall out of step.
    expect(button).not.toHaveAttribute("aria-expanded");
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(button).toHaveAttribute("popovertarget", panel.id);
    expect(panel).toHaveAttribute("popover", "auto");
    expect(panel).toHaveClass("max-h-listbox", "overflow-y-auto");
    expect(screen.getByRole("group", { name: "Sectors", hidden: true })).toBeInTheDocument();
  });

  it("toggles options in their own order and counts them", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("checkbox", { name: "Engineering", hidden: true }));
    await user.click(screen.getByRole("checkbox", { name: "Healthcare", hidden: true }));
    expect(screen.getByRole("button", { name: "Sectors 2 selected" })).toBeInTheDocument();
    expect(document.querySelector("output")).toHaveTextContent("Healthcare,Engineering");
    await user.click(screen.getByRole("checkbox", { name: "Healthcare", hidden: true }));
    expect(screen.getByRole("button", { name: "Sectors 1 selected" })).toBeInTheDocument();
  });

  it("closes the panel when focus leaves it, not when an option is pressed", async () => {
    const user = userEvent.setup();
    render(<Harness initial={["Construction"]} />);
    const button = screen.getByRole("button", { name: "Sectors 1 selected" });
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    const hide = vi.fn(() => setShown(panel, false));
    panel.hidePopover = hide;
    setShown(panel, true);
    await user.click(screen.getByRole("checkbox", { name: "Engineering", hidden: true }));
    expect(hide).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(hide).toHaveBeenCalledTimes(1);
  });
});
