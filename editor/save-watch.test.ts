// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { watchSaves } from "./save-watch";

const answer = (status: number) => vi.fn(async () => new Response("{}", { status }));

describe("watchSaves", () => {
  const before = window.fetch;
  afterEach(() => {
    window.fetch = before;
  });

  it("hears each save the update route accepts, and nothing else", async () => {
    window.fetch = answer(200);
    const saved = vi.fn();
    watchSaves(saved);
    await window.fetch("/api/keystatic/update", { method: "POST", body: "{}" });
    expect(saved).toHaveBeenCalledTimes(1);
    await window.fetch(new Request(new URL("/api/keystatic/update", window.location.href), { method: "POST", body: "{}" }));
    expect(saved).toHaveBeenCalledTimes(2);
    // A read, another route, another site's route of the same name.
    await window.fetch("/api/keystatic/update");
    await window.fetch("/api/keystatic/tree", { method: "POST" });
    await window.fetch("https://elsewhere.example/api/keystatic/update", { method: "POST" });
    expect(saved).toHaveBeenCalledTimes(2);
  });

  it("does not hear a save the server refused", async () => {
    window.fetch = answer(400);
    const saved = vi.fn();
    watchSaves(saved);
    const response = await window.fetch("/api/keystatic/update", { method: "POST", body: "{}" });
    expect(response.status).toBe(400);
    expect(saved).not.toHaveBeenCalled();
  });

  it("stops listening and gives fetch back when told", async () => {
    const original = answer(200);
    window.fetch = original;
    const saved = vi.fn();
    const stop = watchSaves(saved);
    stop();
    expect(window.fetch).toBe(original);
    await window.fetch("/api/keystatic/update", { method: "POST" });
    expect(saved).not.toHaveBeenCalled();
  });
});
