// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Faq } from "./faq";

const items = [
  { question: "Is it free?", answer: "Yes, for freelancers." },
  { question: "Who pays?", answer: "Partners, never you." },
];

/** The FAQ as the pre-rendered HTML has it: markup only, no React, no script. */
function prerendered() {
  document.body.innerHTML = renderToString(<Faq items={items} />);
  return [...document.querySelectorAll("details")];
}

describe("Faq", () => {
  it("is one exclusive group of closed <details>, so the browser opens one answer at a time without script", () => {
    const details = prerendered();
    expect(details).toHaveLength(items.length);
    const names = new Set(details.map((item) => item.getAttribute("name")));
    expect(names.size).toBe(1);
    expect([...names][0]).toBeTruthy();
    expect(details.every((item) => !item.open)).toBe(true);
  });

  it("makes each question the summary, as a heading, with its answer in the item", () => {
    const details = prerendered();
    details.forEach((item, index) => {
      expect(item.querySelector("summary > h3")?.textContent).toBe(items[index]!.question);
      expect(item.textContent).toContain(items[index]!.answer);
    });
  });

  it("gives two FAQs on one page different groups", () => {
    document.body.innerHTML = renderToString(
      <>
        <Faq items={items} />
        <Faq items={items} />
      </>,
    );
    const names = new Set([...document.querySelectorAll("details")].map((item) => item.getAttribute("name")));
    expect(names.size).toBe(2);
  });

  it("publishes its questions as schema.org FAQPage data", () => {
    prerendered();
    const data = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent ?? "{}");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity.map((entry: { name: string }) => entry.name)).toEqual(items.map((item) => item.question));
  });
});
