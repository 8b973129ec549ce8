import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadVariant } from "../../contract/uploads";
import { makeImageVariants } from "./images";

const log = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "uploads-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("makeImageVariants", () => {
  it("makes AVIF and WebP at 48, 96 and 640 px wide beside the upload, never enlarged", async () => {
    const photo = path.join(dir, "face.jpg");
    await sharp({ create: { width: 800, height: 600, channels: 3, background: "#1a4fb4" } }).jpeg().toFile(photo);
    const made = await makeImageVariants(photo, log);
    expect(made).toHaveLength(6);
    const avatar = await sharp(uploadVariant(photo, 96, "avif")).metadata();
    expect([avatar.format, avatar.width, avatar.height]).toEqual(["heif", 96, 96]);
    const card = await sharp(uploadVariant(photo, 640, "webp")).metadata();
    expect([card.format, card.width, card.height]).toEqual(["webp", 640, 480]);

    const small = path.join(dir, "small.png");
    await sharp({ create: { width: 60, height: 60, channels: 3, background: "#f5a623" } }).png().toFile(small);
    await makeImageVariants(small, log);
    expect((await sharp(uploadVariant(small, 640, "webp")).metadata()).width).toBe(60);
  });

  it("leaves a file that is not a picture alone", async () => {
    expect(await makeImageVariants(path.join(dir, "notes.txt"), log)).toEqual([]);
  });
});

describe("uploadVariant", () => {
  it("names a size of an upload beside it", () => {
    expect(uploadVariant("/media/uploads/face.jpg", 96, "avif")).toBe("/media/uploads/face-96.avif");
    expect(uploadVariant("/media/uploads/v1.2/face", 48, "webp")).toBe("/media/uploads/v1.2/face-48.webp");
  });
});
