// <scroll-by px="…">: a click on the button inside scrolls the window down by
// `px`, smoothly, or at once for visitors who prefer reduced motion. A press
// made before this code arrived was answered by the head script already
// (app/head/early-events.ts scrolls for it); replayEarlyEvents() tells the
// script this element now answers for itself, so no press scrolls twice.
import { defineElement } from "~/lib/custom-element";
import { replayEarlyEvents } from "~/lib/early-events";
import { scrollWindowBy } from "~/lib/scroll-window";

defineElement("scroll-by", (element) => {
  const onClick = (event: Event) => {
    if (event.target instanceof Element && event.target.closest("button")) scrollWindowBy(Number(element.getAttribute("px")));
  };
  element.addEventListener("click", onClick);
  replayEarlyEvents(element);
  return () => element.removeEventListener("click", onClick);
});
