// <today-date label="…">: the visitor's date, written in the browser; a
// pre-rendered page cannot know it, so the HTML holds an empty element of a
// fixed line height and nothing moves when the date appears.
import type { Behaviour, ElementProps } from "~/lib/custom-element";
import { formatDateGB, localIsoDate } from "~/lib/format-date";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "today-date": ElementProps<{ label: string }>;
    }
  }
}

/** Writes "<label> <time>22 November 2026</time>" into the element, the label for screen readers only. */
export function writeToday(element: HTMLElement, now = new Date()) {
  const label = element.ownerDocument.createElement("span");
  label.className = "sr-only";
  label.textContent = `${element.getAttribute("label") ?? ""} `;
  const time = element.ownerDocument.createElement("time");
  time.dateTime = localIsoDate(now);
  time.textContent = formatDateGB(now);
  element.replaceChildren(label, time);
}

export default writeToday satisfies Behaviour;
