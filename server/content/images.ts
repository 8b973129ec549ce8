import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import sharp from "sharp";
import { UPLOAD_WIDTHS, uploadVariant } from "../../contract/uploads";

// A picture the owner uploads through the editor is resized and converted like
// the site's own media (scripts/make-media.sh): AVIF and WebP at fixed widths
// beside the original, which the testimonial card's <picture>
// (app/components/sections/testimonial-card.tsx) lists.

const IMAGE_EXTENSIONS = new Set([".jpg", ".jpeg", ".png", ".webp", ".avif", ".gif", ".tif", ".tiff"]);

export async function makeImageVariants(file: string, log: FastifyBaseLogger): Promise<string[]> {
  if (!IMAGE_EXTENSIONS.has(path.extname(file).toLowerCase())) return [];
  const made: string[] = [];
  try {
    for (const width of UPLOAD_WIDTHS) {
      // Never enlarged: a small upload's bigger sizes are its own size.
      const resized = sharp(file).rotate().resize({ width, height: width <= 96 ? width : undefined, fit: "cover", withoutEnlargement: true });
      await resized.clone().avif({ quality: 55 }).toFile(uploadVariant(file, width, "avif"));
      await resized.clone().webp({ quality: 75 }).toFile(uploadVariant(file, width, "webp"));
      made.push(uploadVariant(file, width, "avif"), uploadVariant(file, width, "webp"));
    }
    log.info({ file: path.basename(file), variants: made.length }, "uploaded picture converted");
  } catch (error) {
    log.warn({ file: path.basename(file), err: error }, "uploaded picture could not be converted: the original is used");
  }
  return made;
}
