// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Faq } from "./faq";

const items = [
  { question: "Is it free?", answer: "Yes, for freelancers." },
  { question: "Who pays?", answer: "Partners, never you." },
];

/** The FAQ as a page that keeps its pre-rendered HTML has it: markup only, no React. */
function prerendered() {
  document.body.innerHTML = renderToString(<Faq items={items} />);
  const questions = [...document.querySelectorAll("button")];
  const answers = questions.map((question) => document.getElementById(question.getAttribute("aria-controls") ?? "")!);
  const state = () => questions.map((question, index) => [question.getAttribute("aria-expanded"), answers[index]!.hidden]);
  return { questions, state };
}

describe("Faq", () => {
  it("opens one answer at a time, and closes the open one when its question is clicked again, without React", () => {
    const { questions, state } = prerendered();
    expect(state()).toEqual([["false", true], ["false", true]]);
    questions[0]!.click();
    expect(state()).toEqual([["true", false], ["false", true]]);
    questions[1]!.click();
    expect(state()).toEqual([["false", true], ["true", false]]);
    questions[1]!.click();
    expect(state()).toEqual([["false", true], ["false", true]]);
  });

  it("answers by a click on the question's icon too", () => {
    const { questions, state } = prerendered();
    questions[0]!.querySelector("svg")!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(state()[0]).toEqual(["true", false]);
  });

  it("publishes its questions as schema.org FAQPage data", () => {
    prerendered();
    const data = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent ?? "{}");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity.map((entry: { name: string }) => entry.name)).toEqual(items.map((item) => item.question));
  });
});
