import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { UPLOAD_WIDTHS, type UploadWidth } from "../../contract/uploads";
import type { PictureExtension } from "./editor-paths";

// A picture the owner uploads through the editor is checked by what it holds,
// not by its name, and re-encoded: its bytes are read by their magic number,
// decoded by sharp once (never past UPLOAD_MAX_PIXELS, which sharp checks from
// the header before decoding), and written again in the format its name says,
// without metadata, with AVIF and WebP at fixed widths beside it (like the site's
// own media, scripts/make-media.sh), which the testimonial card's <picture>
// (app/components/sections/testimonial-card.tsx) lists. Anything else (HTML,
// SVG, a PDF, a polyglot whose picture part is broken) is refused.
//
// sharp does its work on libvips's own threads, so the event loop goes on
// answering other requests meanwhile; conversions run one at a time, so a
// burst of uploads queues rather than taking every core and all the memory.

/** The largest picture accepted, in pixels: a 48-megapixel phone photo. A 16,000 × 16,000 PNG (256 MP) is refused from its header. */
export const UPLOAD_MAX_PIXELS = 48_000_000;
/** The kept original's longest side: twice the largest size made of it (640 px), room for a sharper size later. */
export const UPLOAD_ORIGINAL_MAX_SIDE = 1280;
/** Conversions at once: the server has a couple of cores and answers visitors too. */
const CONVERSIONS_AT_ONCE = 1;

/** What the decoders may read: the formats the editor accepts, recognised by their first bytes. */
const magic: { format: "jpeg" | "png" | "webp" | "avif"; test: (bytes: Buffer) => boolean }[] = [
  { format: "jpeg", test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { format: "png", test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { format: "webp", test: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP" },
  { format: "avif", test: (b) => b.subarray(4, 8).toString("latin1") === "ftyp" && ["avif", "avis"].includes(b.subarray(8, 12).toString("latin1")) },
];

export class PictureRefused extends Error {}

export interface ConvertedPicture {
  /** The picture as stored: re-encoded in the format its name says, without metadata. */
  original: Buffer;
  /** Each size of it, to write beside it (contract/uploads.ts names them). */
  variants: { width: UploadWidth; format: "avif" | "webp"; body: Buffer }[];
  width: number;
  height: number;
}

let running = 0;
const waiting: (() => void)[] = [];
async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONVERSIONS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const encode = (image: Sharp, extension: PictureExtension): Promise<Buffer> => {
  switch (extension) {
    case "jpg":
    case "jpeg":
      // JPEG has no transparency: transparent parts become white, as on the card's background.
      return image.flatten({ background: "#ffffff" }).jpeg({ quality: 82 }).toBuffer();
    case "png":
      return image.png({ compressionLevel: 9 }).toBuffer();
    case "webp":
      return image.webp({ quality: 80 }).toBuffer();
    case "avif":
      return image.avif({ quality: 55 }).toBuffer();
  }
};

/**
 * Checks an upload by its content and converts it: the stored original and its sizes.
 * Throws PictureRefused, with the reason for the owner, for anything that is not such a picture.
 */
export async function convertPicture(input: Buffer, extension: PictureExtension): Promise<ConvertedPicture> {
  const kind = magic.find(({ test }) => test(input));
  if (!kind) throw new PictureRefused("not a JPEG, PNG, WebP or AVIF picture");
  return oneAtATime(async () => {
    // Header only: the size is known before a pixel is decoded.
    let meta: Metadata;
    try {
      meta = await sharp(input).metadata();
    } catch {
      throw new PictureRefused(`not a readable ${kind.format.toUpperCase()} picture`);
    }
    const format = meta.format === "heif" && meta.compression === "av1" ? "avif" : meta.format;
    if (format !== kind.format) throw new PictureRefused(`its first bytes say ${kind.format.toUpperCase()} but it reads as ${String(meta.format)}`);
    const pixels = (meta.width ?? 0) * (meta.height ?? 0);
    if (pixels > UPLOAD_MAX_PIXELS) {
      throw new PictureRefused(`${meta.width} × ${meta.height} pixels is more than ${UPLOAD_MAX_PIXELS / 1e6} megapixels`);
    }
    // The one decode: turned upright, at most the kept size, in sRGB, as raw pixels every output is made from.
    let decoded: { data: Buffer; info: OutputInfo };
    try {
      decoded = await sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: "error", sequentialRead: true })
        .rotate()
        .resize({ width: UPLOAD_ORIGINAL_MAX_SIDE, height: UPLOAD_ORIGINAL_MAX_SIDE, fit: "inside", withoutEnlargement: true })
        .toColourspace("srgb")
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      throw new PictureRefused(`the picture could not be decoded (${(error as Error).message})`);
    }
    const { data, info } = decoded;
    const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const original = await encode(raw(), extension);
    const variants: ConvertedPicture["variants"] = [];
    for (const width of UPLOAD_WIDTHS) {
      // Never enlarged: a small upload's bigger sizes are its own size. Avatars are square.
      const resized = raw().resize({ width, height: width <= 96 ? width : undefined, fit: "cover", withoutEnlargement: true });
      variants.push({ width, format: "avif", body: await resized.clone().avif({ quality: 55 }).toBuffer() });
      variants.push({ width, format: "webp", body: await resized.clone().webp({ quality: 75 }).toBuffer() });
    }
    return { original, variants, width: info.width, height: info.height };
  });
}
