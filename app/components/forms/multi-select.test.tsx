// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { MultiSelect } from "./multi-select";

const options = ["Healthcare", "Construction", "Engineering"] as const;

function Harness({ initial = [] as (typeof options)[number][] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MultiSelect label="Sectors" name="sector" options={options} value={value} onChange={setValue} />
      <output>{value.join(",")}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

afterEach(cleanup);

describe("MultiSelect", () => {
  it("is a disclosure button named by its label and its summary, controlling a hidden group of checkboxes", () => {
    render(<Harness />);
    const button = screen.getByRole("button", { name: "Sectors Select options" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    const panel = document.getElementById(button.getAttribute("aria-controls")!);
    expect(panel).not.toBeVisible();
    expect(panel).toHaveClass("max-h-listbox", "overflow-y-auto");
    expect(screen.getByRole("group", { name: "Sectors", hidden: true })).toBeInTheDocument();
  });

  it("opens on click, toggles options in their own order and counts them", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: /Sectors/ }));
    expect(screen.getByRole("button", { name: /Sectors/ })).toHaveAttribute("aria-expanded", "true");
    await user.click(screen.getByRole("checkbox", { name: "Engineering" }));
    await user.click(screen.getByRole("checkbox", { name: "Healthcare" }));
    expect(screen.getByRole("button", { name: "Sectors 2 selected" })).toBeInTheDocument();
    expect(document.querySelector("output")).toHaveTextContent("Healthcare,Engineering");
    await user.click(screen.getByRole("checkbox", { name: "Healthcare" }));
    expect(screen.getByRole("button", { name: "Sectors 1 selected" })).toBeInTheDocument();
  });

  it("works from the keyboard: Enter opens, Tab moves, Space toggles, Escape closes back onto the button", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const button = screen.getByRole("button", { name: /Sectors/ });
    button.focus();
    await user.keyboard("{Enter}");
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.tab();
    expect(screen.getByRole("checkbox", { name: "Healthcare" })).toHaveFocus();
    await user.keyboard(" ");
    await user.tab();
    await user.keyboard(" ");
    expect(document.querySelector("output")).toHaveTextContent("Healthcare,Construction");
    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
    expect(button).toHaveAccessibleName("Sectors 2 selected");
  });

  it("closes when focus leaves it or on a click outside", async () => {
    const user = userEvent.setup();
    render(<Harness initial={["Construction"]} />);
    const button = screen.getByRole("button", { name: "Sectors 1 selected" });
    await user.click(button);
    await user.click(screen.getByRole("checkbox", { name: "Engineering" }));
    await user.tab();
    expect(screen.getByRole("button", { name: "Elsewhere" })).toHaveFocus();
    expect(button).toHaveAttribute("aria-expanded", "false");
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.click(document.body);
    expect(button).toHaveAttribute("aria-expanded", "false");
  });
});
