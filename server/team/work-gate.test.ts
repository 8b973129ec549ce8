import { describe, expect, it } from "vitest";
import { createWorkGate, GateFull } from "./work-gate";

// The gate in front of the password hashes: never more than its places run
// together, waiting ones run in order, and past the queue it refuses at once.

/** Work that finishes when the test says so. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("a work gate", () => {
  it("runs two at once, queues two more in order, and refuses the fifth without running it", async () => {
    const gate = createWorkGate({ what: "hashes", atOnce: 2, waitingMax: 2 });
    const jobs = Array.from({ length: 5 }, () => held());
    const started: number[] = [];
    const results = jobs.map((job, i) =>
      gate
        .run(async () => {
          started.push(i);
          await job.work();
          return i;
        })
        .catch((error: unknown) => error),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect(gate.stats()).toEqual({ running: 2, waiting: 2, peakRunning: 2 });
    expect(await results[4]).toBeInstanceOf(GateFull);
    expect(await results[4]).toMatchObject({ statusCode: 429 });

    jobs[1]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // A newcomer while all places are taken waits behind the queue rather than slipping in.
    const late = held();
    const lateResult = gate.run(async () => {
      started.push(9);
      await late.work();
      return 9;
    });
    for (const job of [jobs[0]!, jobs[2]!, jobs[3]!, late]) job.finish();
    expect(await Promise.all([...results.slice(0, 4), lateResult])).toEqual([0, 1, 2, 3, 9]);
    expect(started).toEqual([0, 1, 2, 3, 9]);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, peakRunning: 2 });
  });

  it("frees its place when the work fails", async () => {
    const gate = createWorkGate({ what: "hashes", atOnce: 1, waitingMax: 0 });
    await expect(gate.run(() => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await gate.run(async () => "next")).toBe("next");
  });

  it("refuses settings that could never run anything", () => {
    expect(() => createWorkGate({ what: "hashes", atOnce: 0, waitingMax: 1 })).toThrow(/atOnce >= 1/);
  });
});
