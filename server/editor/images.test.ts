import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { uploadVariant } from "../../contract/uploads";
import { blankPng, holdsMarkup, hostileUploads } from "./hostile-uploads.test-support";
import { convertPicture, PictureRefused, UPLOAD_MAX_PIXELS } from "./images";

const extensionOf = (file: string) => file.slice(file.lastIndexOf(".") + 1).toLowerCase() as "png";

describe("convertPicture", () => {
  it("makes AVIF and WebP at 48, 96 and 640 px wide, never enlarged", async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#1a4fb4" } }).jpeg().toBuffer();
    const { variants } = await convertPicture(photo, "jpg");
    expect(variants.map(({ width, format }) => `${width}.${format}`)).toEqual(["48.avif", "48.webp", "96.avif", "96.webp", "640.avif", "640.webp"]);
    const avatar = await sharp(variants.find(({ width, format }) => width === 96 && format === "avif")!.body).metadata();
    expect([avatar.format, avatar.width, avatar.height]).toEqual(["heif", 96, 96]);
    const card = await sharp(variants.find(({ width, format }) => width === 640 && format === "webp")!.body).metadata();
    expect([card.format, card.width, card.height]).toEqual(["webp", 640, 480]);

    const small = await sharp({ create: { width: 60, height: 60, channels: 3, background: "#f5a623" } }).png().toBuffer();
    const made = await convertPicture(small, "png");
    expect((await sharp(made.variants.find(({ width, format }) => width === 640 && format === "webp")!.body).metadata()).width).toBe(60);
  });

  it("re-encodes the picture in the format its name says, without its metadata or anything after it", async () => {
    const uploads = await hostileUploads();
    for (const upload of uploads.filter(({ mayStore }) => mayStore)) {
      const { original } = await convertPicture(upload.contents, extensionOf(upload.path));
      const meta = await sharp(original).metadata();
      expect(meta.format, upload.name).toBe(extensionOf(upload.path) === "png" ? "png" : "jpeg");
      expect(meta.exif, upload.name).toBeUndefined();
      expect(holdsMarkup(original), upload.name).toBe(false);
    }
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: "#00000000" } }).png().toBuffer();
    expect((await sharp((await convertPicture(png, "webp")).original).metadata()).format).toBe("webp");
    expect((await sharp((await convertPicture(png, "jpeg")).original).metadata()).format).toBe("jpeg");
  });

  it("refuses what is not a picture by its content, whatever its name: HTML, SVG with or without a script, a GIF or PDF, a broken polyglot", async () => {
    const uploads = await hostileUploads();
    const refusedByContent = uploads.filter(({ mayStore, path }) => !mayStore && /^public\/media\/uploads\/[a-z]+\.[a-z]+$/.test(path));
    expect(refusedByContent.map(({ name }) => name)).toEqual(expect.arrayContaining(["an HTML page named as a picture", "SVG with a script named as a PNG", "SVG without a script named as a JPEG"]));
    for (const upload of refusedByContent) {
      await expect(convertPicture(upload.contents, "png"), upload.name).rejects.toBeInstanceOf(PictureRefused);
    }
  });

  it("refuses a 16,000 × 16,000 PNG from its header, without decoding it", async () => {
    const huge = blankPng(16_000, 16_000);
    expect((await sharp(huge).metadata()).width).toBe(16_000);
    const refusal = `16000 × 16000 pixels is more than ${UPLOAD_MAX_PIXELS / 1e6} megapixels`;
    await expect(convertPicture(huge, "png")).rejects.toThrow(refusal);
    // The same header over pixel data cut short: a decode would fail on the data; the refusal comes first.
    const cut = huge.subarray(0, 150);
    await expect(convertPicture(cut, "png")).rejects.toThrow(refusal);
  });

  it("converts one upload at a time: a second waits for the first", async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#1a4fb4" } }).jpeg().toBuffer();
    const finished: string[] = [];
    const first = convertPicture(photo, "jpg").then(() => finished.push("first"));
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).png().toBuffer();
    const second = convertPicture(tiny, "png").then(() => finished.push("second"));
    await Promise.all([first, second]);
    expect(finished).toEqual(["first", "second"]);
  });
});

describe("uploadVariant", () => {
  it("names a size of an upload beside it", () => {
    expect(uploadVariant("/media/uploads/face.jpg", 96, "avif")).toBe("/media/uploads/face-96.avif");
    expect(uploadVariant("/media/uploads/v1.2/face", 48, "webp")).toBe("/media/uploads/v1.2/face-48.webp");
  });
});
