// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { readEntry } from "../../../scripts/build/content-files";
import { formatDateGB, localIsoDate } from "~/lib/format-date";
import { defineElementsIn } from "../define-elements";
import { DatedUpdates } from "./dated-updates";
import { writeToday } from "./today-date.element";

const { industryUpdates } = readEntry("pages/resources.yaml");

describe("DatedUpdates", () => {
  it("pre-renders no date; in the browser each notice shows today's date, labelled for screen readers", async () => {
    const html = renderToString(<DatedUpdates updates={industryUpdates.items} dateLabel={industryUpdates.dateLabel} />);
    expect(html).not.toContain("<time");

    // As the browser meets the pre-rendered HTML: the elements write the date.
    document.body.innerHTML = html;
    await defineElementsIn(document);
    const times = document.querySelectorAll("time");
    expect(times).toHaveLength(industryUpdates.items.length);
    for (const time of times) {
      expect(time.textContent).toBe(formatDateGB(new Date()));
      expect(time.dateTime).toBe(localIsoDate(new Date()));
      expect(time.previousElementSibling?.textContent).toBe(`${industryUpdates.dateLabel} `);
    }
  });

  it("writes a given day as British English does", () => {
    const element = document.createElement("span");
    element.setAttribute("label", "Updated");
    writeToday(element, new Date(2026, 10, 22, 9));
    expect(element.textContent).toBe("Updated 22 November 2026");
    expect(element.querySelector("time")?.dateTime).toBe("2026-11-22");
  });
});
