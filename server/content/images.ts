import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import sharp from "sharp";

// A picture the owner uploads through the editor is resized and converted like
// the site's own media (scripts/make-media.sh): AVIF and WebP at fixed widths
// beside the original, which the site's <picture> (app/components/sections/
// uploaded-picture.tsx) lists with their widths.

/** The widths made of each upload: a 48 px avatar at 1x and 2x, and a card-sized picture. */
export const IMAGE_WIDTHS = [48, 96, 640] as const;
const IMAGE_EXTENSIONS = new Set([".jpg", ".jpeg", ".png", ".webp", ".avif", ".gif", ".tif", ".tiff"]);

/** `/media/uploads/face.jpg` → `/media/uploads/face-96.avif`. */
export const variantPath = (original: string, width: number, format: "avif" | "webp") =>
  `${original.slice(0, original.length - path.extname(original).length)}-${width}.${format}`;

export async function makeImageVariants(file: string, log: FastifyBaseLogger): Promise<string[]> {
  if (!IMAGE_EXTENSIONS.has(path.extname(file).toLowerCase())) return [];
  const made: string[] = [];
  try {
    for (const width of IMAGE_WIDTHS) {
      // Never enlarged: a small upload's bigger sizes are its own size.
      const resized = sharp(file).rotate().resize({ width, height: width <= 96 ? width : undefined, fit: "cover", withoutEnlargement: true });
      await resized.clone().avif({ quality: 55 }).toFile(variantPath(file, width, "avif"));
      await resized.clone().webp({ quality: 75 }).toFile(variantPath(file, width, "webp"));
      made.push(variantPath(file, width, "avif"), variantPath(file, width, "webp"));
    }
    log.info({ file: path.basename(file), variants: made.length }, "uploaded picture converted");
  } catch (error) {
    log.warn({ file: path.basename(file), err: error }, "uploaded picture could not be converted: the original is used");
  }
  return made;
}
