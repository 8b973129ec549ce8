// The FAQ accordion's behaviour, as a custom element around the markup `Faq`
// renders: plain DOM, so it works the same in a page that keeps its
// pre-rendered FAQ (a static part, which React does not hydrate) and in one
// React rendered after a move inside the app. One answer is open at a time;
// clicking the open question closes it.

import { defineElement } from "~/lib/custom-element";

const questionsIn = (root: Element) => root.querySelectorAll<HTMLButtonElement>("button[aria-controls]");

function setOpen(question: HTMLButtonElement, open: boolean) {
  question.setAttribute("aria-expanded", String(open));
  const answer = question.ownerDocument.getElementById(question.getAttribute("aria-controls") ?? "");
  if (answer) answer.hidden = !open;
}

/** Opens the clicked question (closing any other), or closes it if it was open. */
export function toggleQuestion(root: Element, clicked: HTMLButtonElement) {
  const opening = clicked.getAttribute("aria-expanded") !== "true";
  for (const question of questionsIn(root)) setOpen(question, question === clicked && opening);
}

defineElement("faq-accordion", (element) => {
  const onClick = (event: Event) => {
    const question = event.target instanceof Element ? event.target.closest("button[aria-controls]") : null;
    if (question instanceof HTMLButtonElement && element.contains(question)) toggleQuestion(element, question);
  };
  element.addEventListener("click", onClick);
  return () => element.removeEventListener("click", onClick);
});
