// @vitest-environment jsdom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { industryUpdates } from "~/content/resources";
import { formatDateGB } from "~/lib/format-date";
import { DatedUpdates } from "./dated-updates";

const updates = <DatedUpdates updates={industryUpdates.items} dateLabel={industryUpdates.dateLabel} />;

describe("DatedUpdates", () => {
  it("pre-renders no date, then hydrates without a mismatch and shows today's date", async () => {
    const html = renderToString(updates);
    expect(html).not.toContain("<time");

    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, updates, { onRecoverableError });
    });

    expect(onRecoverableError).not.toHaveBeenCalled();
    const times = container.querySelectorAll("time");
    expect(times).toHaveLength(industryUpdates.items.length);
    for (const time of times) expect(time.textContent).toBe(formatDateGB(new Date()));
  });
});
