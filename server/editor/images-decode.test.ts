import { describe, expect, it, vi } from "vitest";

// How often an upload's bytes are handed to a decoder: every sharp() call is
// counted by its input. The upload itself is opened twice (its header, then
// the one decode); every output is made from the decoded pixels.

const opened = vi.hoisted(() => [] as { input: unknown; raw: boolean }[]);
vi.mock("sharp", async (importOriginal) => {
  const real = ((await importOriginal()) as { default: (...args: unknown[]) => unknown }).default;
  const counting = (...args: unknown[]) => {
    opened.push({ input: args[0], raw: Boolean((args[1] as { raw?: unknown } | undefined)?.raw) });
    return real(...args);
  };
  return { default: Object.assign(counting, real) };
});

const { default: sharp } = await import("sharp");
const { convertPicture } = await import("./images");

describe("convertPicture", () => {
  it("decodes an upload once, and makes the stored picture and its six sizes from those pixels", async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#1a4fb4" } }).jpeg().toBuffer();
    opened.length = 0;
    const { variants } = await convertPicture(photo, "jpg");
    expect(variants).toHaveLength(6);
    // The header read and the decode; every other pipeline starts from the decoded pixels.
    expect(opened.filter(({ input }) => input === photo).map(({ raw }) => raw)).toEqual([false, false]);
    expect(opened.filter(({ input }) => input !== photo).every(({ raw }) => raw)).toBe(true);
  });
});
