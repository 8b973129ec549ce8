// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { act } from "react";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterHydration } from "./after-hydration";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

afterEach(cleanup);

describe("afterHydration", () => {
  it("is never in the pre-rendered HTML and does not fetch its code there", () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Deferred = afterHydration(load);
    expect(renderToString(<Deferred name="Ada" />)).toBe("");
    expect(load).not.toHaveBeenCalled();
  });

  it("hydrates the page without it, then fetches its code and shows it", async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Deferred = afterHydration(load);
    const page = (
      <main>
        <h1>Page</h1>
        <Deferred name="Ada" />
      </main>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const mismatch = vi.fn();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: mismatch });
    });
    expect(await screen.findByText("Hello Ada")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    // No hydration mismatch: the first client render matched the HTML (nothing).
    expect(mismatch).not.toHaveBeenCalled();
    container.remove();
  });

  it("renders at once, after its code arrives, when mounted after hydration (client navigation)", async () => {
    const Deferred = afterHydration(async () => ({ default: Greeting }));
    render(<Deferred name="Grace" />);
    expect(await screen.findByText("Hello Grace")).toBeTruthy();
  });
});
