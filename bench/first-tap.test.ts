import { describe, expect, it } from "vitest";
import { interactionTiming } from "./first-tap";

const entry = (name: string, startTime: number, processingStart: number, processingEnd: number, duration: number, interactionId: number) => ({
  name,
  startTime,
  processingStart,
  processingEnd,
  duration,
  interactionId,
});

describe("interactionTiming", () => {
  it("takes the longest entry of the touch's own interaction and splits it as INP does", () => {
    const touch = 1_000;
    const timing = interactionTiming(
      [
        entry("pointerdown", 1_000, 1_030, 1_040, 56, 7),
        entry("click", 1_080, 1_090, 1_150, 104, 7),
        // Another interaction, later: not this touch's.
        entry("click", 1_400, 1_500, 1_600, 400, 8),
        // No interaction (a hover): never counted.
        entry("pointerover", 1_000, 1_000, 1_300, 320, 0),
      ],
      touch,
    );
    expect(timing).toEqual({ inputDelay: 10, processing: 60, presentation: 34, end: 1_184 });
  });

  it("has nothing to say when every entry was under the threshold", () => {
    expect(interactionTiming([], 1_000)).toBeUndefined();
  });
});
