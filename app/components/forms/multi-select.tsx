import { useId, useRef, type FocusEvent } from "react";
import { fill } from "~/data/fill";
import { Icon } from "../ui/icon";

interface MultiSelectProps<T extends string> {
  label: string;
  /** Wire name of the field, given to each checkbox. */
  name: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  /** The button's words: `selected` names {count}, how many are chosen (forms/enquiry.yaml). */
  copy: { placeholder: string; selected: string };
}

/** Whether the browser shows the popover; false where it has no Popover API (and in jsdom). */
function popoverOpen(panel: HTMLElement | null): boolean {
  try {
    return panel?.matches(":popover-open") ?? false;
  } catch {
    return false;
  }
}

/**
 * A disclosure button that shows "Select options" or "{n} selected" and opens a
 * scrollable panel of native checkboxes in a fieldset, so every screen reader
 * and keyboard already knows how to use it: Tab moves, Space toggles, Escape
 * closes and returns to the button, as does a click outside or tabbing away.
 * The panel is a popover the button opens (`popovertarget`): the browser opens
 * it, closes it on Escape or a click outside and puts focus back, from the first
 * paint on, before this code has arrived; options ticked meanwhile are in the
 * form's DOM, which the form reads when it hydrates. The browser also tells
 * assistive technology whether the panel is expanded (a `popovertarget`
 * button's own state, so no `aria-expanded` to fall out of step), and the
 * chevron turns by CSS (`:popover-open`, app.css). This code closes the panel
 * when focus leaves it by the keyboard (a press on an option keeps focus in
 * the panel).
 */
export function MultiSelect<T extends string>({ label, name, options, value, onChange, copy }: MultiSelectProps<T>) {
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const id = useId();

  // Tabbing past the last checkbox closes the panel, so it never covers the field focus moved to.
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !rootRef.current?.contains(next) && popoverOpen(panelRef.current)) panelRef.current?.hidePopover();
  };
  const toggle = (option: T, checked: boolean) => {
    const chosen = new Set(value);
    if (checked) chosen.add(option);
    else chosen.delete(option);
    // Keep the options' own order, whatever order they were ticked in.
    onChange(options.filter((item) => chosen.has(item)));
  };

  return (
    <div ref={rootRef} className="multi-select relative">
      <span id={`${id}-label`} className="block text-sm font-semibold text-brand-900">
        {label}
      </span>
      <button
        id={`${id}-button`}
        type="button"
        popoverTarget={`${id}-panel`}
        aria-controls={`${id}-panel`}
        aria-labelledby={`${id}-label ${id}-button`}
        onBlur={onBlur}
        className="multi-select-button mt-2 flex w-full items-center justify-between gap-3 rounded-lg bg-white px-4 py-2.5 text-left text-ink ring-1 ring-line hover:ring-brand-600"
      >
        <span className={value.length === 0 ? "text-muted" : ""}>
          {value.length === 0 ? copy.placeholder : fill(copy.selected, { count: value.length })}
        </span>
        <Icon name="chevron-down" className="multi-select-chevron size-5 shrink-0 text-brand-700 transition-transform" />
      </button>
      <div
        ref={panelRef}
        id={`${id}-panel`}
        popover="auto"
        // A press on an option's words or padding focuses the nearest focusable ancestor. Without this
        // that is <main tabindex=-1>, outside the control: the blur handler would read it as focus
        // leaving, close the panel under the pointer, and the release would tick nothing. Focusable
        // itself, the panel takes that focus, so the press stays inside and the label's click ticks its box.
        tabIndex={-1}
        className="multi-select-panel max-h-listbox overflow-y-auto rounded-lg bg-white p-2 shadow-xl ring-1 ring-line outline-none"
      >
        <fieldset>
          <legend className="sr-only">{label}</legend>
          {options.map((option) => (
            <label key={option} className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2.5 hover:bg-brand-50">
              <input
                type="checkbox"
                name={name}
                value={option}
                checked={value.includes(option)}
                onChange={(event) => toggle(option, event.target.checked)}
                onBlur={onBlur}
                className="size-4 shrink-0 accent-brand-700"
              />
              {option}
            </label>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
