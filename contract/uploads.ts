// Pictures the owner uploads through the content editor: where they are
// served and the sizes the server makes of each. Shared by the server
// (server/editor/images.ts) and the testimonial card, so nothing else is imported here.
/** Where pictures uploaded through the editor are served from (under public/, so built with the site). */
export const UPLOADS_PUBLIC_PATH = "/media/uploads/";
/** The widths the server makes of each upload: a 48 px avatar at 1x and 2x, and a card-sized picture. */
export const UPLOAD_WIDTHS = [48, 96, 640] as const;
export type UploadWidth = (typeof UPLOAD_WIDTHS)[number];

/** `/media/uploads/face.jpg` at 96 px in AVIF → `/media/uploads/face-96.avif`. */
export function uploadVariant(original: string, width: UploadWidth, format: "avif" | "webp"): string {
  const dot = original.lastIndexOf(".");
  return `${dot > original.lastIndexOf("/") ? original.slice(0, dot) : original}-${width}.${format}`;
}
