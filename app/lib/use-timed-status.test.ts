// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STATUS_MESSAGE_MS } from "~/data/constants";
import { useTimedStatus } from "./use-timed-status";

describe("useTimedStatus", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("starts idle and returns a message status to idle after the spec's 3000 ms", () => {
    const { result } = renderHook(() => useTimedStatus());
    expect(result.current[0]).toBe("idle");
    for (const status of ["success", "error"] as const) {
      act(() => result.current[1](status));
      expect(result.current[0]).toBe(status);
      act(() => vi.advanceTimersByTime(STATUS_MESSAGE_MS - 1));
      expect(result.current[0]).toBe(status);
      act(() => vi.advanceTimersByTime(1));
      expect(result.current[0]).toBe("idle");
    }
  });

  it("keeps loading until the answer sets the next status", () => {
    const { result } = renderHook(() => useTimedStatus());
    act(() => result.current[1]("loading"));
    act(() => vi.advanceTimersByTime(STATUS_MESSAGE_MS * 3));
    expect(result.current[0]).toBe("loading");
    act(() => result.current[1]("success"));
    act(() => vi.advanceTimersByTime(STATUS_MESSAGE_MS));
    expect(result.current[0]).toBe("idle");
  });

  it("restarts the time when the same message is set again", () => {
    const { result } = renderHook(() => useTimedStatus(1000));
    act(() => result.current[1]("error"));
    act(() => vi.advanceTimersByTime(800));
    act(() => result.current[1]("error"));
    act(() => vi.advanceTimersByTime(800));
    expect(result.current[0]).toBe("error");
    act(() => vi.advanceTimersByTime(200));
    expect(result.current[0]).toBe("idle");
  });

  it("leaves no timer behind when unmounted", () => {
    const { result, unmount } = renderHook(() => useTimedStatus());
    act(() => result.current[1]("success"));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
