import { deflateSync } from "node:zlib";
import fc from "fast-check";
import sharp from "sharp";
import { UPLOADS_DIRECTORY } from "../../editor/keystatic.config";

// Saves through the content editor's API that must never leave a file that a
// browser would run as a page or a script: markup under a picture's name, SVG,
// polyglots, a picture too big to decode, and paths outside the files the
// editor's configuration defines. Shared by the editor's tests and the hostile
// bench (bench/hostile.ts).

export interface HostileUpload {
  /** What it tries. */
  name: string;
  path: string;
  contents: Buffer;
  /**
   * A picture whose picture part is sound may be stored, re-encoded (its extra bytes gone);
   * everything else must be refused with nothing written.
   */
  mayStore: boolean;
}

const SCRIPT = "<script>fetch('/api/admin/enquiries').then((r) => r.text()).then(alert)</script>";
const html = Buffer.from(`<!DOCTYPE html><html><body><h1>Hello</h1>${SCRIPT}</body></html>`);
const svgWithScript = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/>${SCRIPT}</svg>`);
const svgPlain = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>');

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real, valid 1-bit greyscale PNG of width × height, all black: 16,000 × 16,000
 * is 256 megapixels (a gigabyte decoded as RGBA) in about 30 KB.
 */
export function blankPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  // Each row: filter byte 0, then width bits.
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), pngChunk("IDAT", deflateSync(raw, { level: 9 })), pngChunk("IEND", Buffer.alloc(0))]);
}

/** A JPEG with markup in a comment segment (FF FE), right after its start marker. */
function jpegWithComment(jpeg: Buffer, comment: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, comment, jpeg.subarray(2)]);
}

const upload = (name: string) => `${UPLOADS_DIRECTORY}/${name}`;

/** The twenty hostile saves. */
export async function hostileUploads(): Promise<HostileUpload[]> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123c8c" } }).png().toBuffer();
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#f5a623" } }).jpeg().toBuffer();
  const withExif = await sharp(jpeg).withExif({ IFD0: { ImageDescription: SCRIPT, Copyright: "owner's home address" } }).jpeg().toBuffer();
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF");
  return [
    { name: "an HTML page", path: upload("page.html"), contents: html, mayStore: false },
    { name: "an HTML page named as a picture", path: upload("page.png"), contents: html, mayStore: false },
    { name: "SVG with a script", path: upload("logo.svg"), contents: svgWithScript, mayStore: false },
    { name: "SVG with a script named as a PNG", path: upload("logo.png"), contents: svgWithScript, mayStore: false },
    { name: "SVG without a script named as a JPEG", path: upload("logo.jpg"), contents: svgPlain, mayStore: false },
    { name: "a PNG's first bytes, then HTML", path: upload("fake.png"), contents: Buffer.concat([png.subarray(0, 8), html]), mayStore: false },
    { name: "a GIF/HTML polyglot", path: upload("anim.gif"), contents: Buffer.concat([Buffer.from("GIF89a"), html]), mayStore: false },
    { name: "a PDF named as a JPEG", path: upload("doc.jpg"), contents: pdf, mayStore: false },
    { name: "a PNG with HTML after its end (polyglot)", path: upload("polyglot.png"), contents: Buffer.concat([png, html]), mayStore: true },
    { name: "a JPEG with HTML in a comment (polyglot)", path: upload("comment.jpg"), contents: jpegWithComment(jpeg, html), mayStore: true },
    { name: "a JPEG with a script and an address in its EXIF", path: upload("exif.jpg"), contents: withExif, mayStore: true },
    { name: "a 16,000 × 16,000 PNG", path: upload("huge.png"), contents: blankPng(16_000, 16_000), mayStore: false },
    { name: "a dot-file picture", path: upload(".hidden.png"), contents: png, mayStore: false },
    { name: "a dot-folder", path: upload(".well-known/x.png"), contents: png, mayStore: false },
    { name: "a nested repository's configuration", path: "content/tenders/zz/.git/config", contents: Buffer.from('[core]\n\tfsmonitor = "touch /tmp/pwned"\n'), mayStore: false },
    { name: "up and out with ..", path: upload("../../../server/app.ts"), contents: png, mayStore: false },
    { name: "an absolute path", path: "/tmp/editor-escape.png", contents: png, mayStore: false },
    { name: "a backslash", path: "public\\media\\uploads\\x.png", contents: png, mayStore: false },
    { name: "a NUL in the name", path: upload("x.png\u0000.html"), contents: png, mayStore: false },
    { name: "a folder beside the uploads sharing their prefix", path: `${UPLOADS_DIRECTORY}-x/evil.png`, contents: png, mayStore: false },
  ];
}

/** Whether stored bytes could be read as markup or a script by a browser that sniffed them. */
export const holdsMarkup = (bytes: Buffer) => /<(script|svg|html|!doctype|body|iframe)/i.test(bytes.toString("latin1"));

/** Path pieces that name a configured file, and pieces that try to leave or hide in it. */
const segments = fc.constantFrom(
  "content", "home", "hero.yaml", "tenders", "nhs-framework.yaml", "testimonials", "agencies.yaml", "public", "media", "uploads", "items", "0", "avatar.png", "ann.jpg",
  "..", ".", "", ".git", "config", ".env", "x.html", "x.svg", "hooks", "post-checkout", "%2e%2e", "..\\..", "x.png\u0000.html", "A.PNG", "node_modules", "package.json",
);

/** Spellings of the save's address that Keystatic's handler reads as `update`. */
export const updateUrls = fc.constantFrom("/api/keystatic/update", "/api/keystatic/update/", "/api/keystatic//update", "/api/keystatic/%75pdate", "/api/keystatic/x/../update", "/api/keystatic/./update?x=1");

/** The configured folders and files, where a path most often slips through a check by prefix. */
const folders = fc.constantFrom("content/home", "content/home/hero", "content/home/hero.yaml", "content/tenders", "content/testimonials/agencies", UPLOADS_DIRECTORY, `${UPLOADS_DIRECTORY}/items/0`);

/** Any save the editor's API could be sent: paths mostly near the configured files, contents pictures, markup or noise. */
export const hostileSave = (pictures: { png: Buffer; html: Buffer }) =>
  fc.record({
    additions: fc.array(
      fc.record({
        path: fc.oneof(
          fc.tuple(folders, fc.array(segments, { minLength: 1, maxLength: 4 })).map(([folder, parts]) => [folder, ...parts].join("/")),
          fc.array(segments, { minLength: 1, maxLength: 6 }).map((parts) => parts.join("/")),
          fc.tuple(fc.constantFrom("", "/", "./", "../"), fc.array(segments, { minLength: 1, maxLength: 5 })).map(([start, parts]) => start + parts.join("/")),
          fc.string({ maxLength: 60 }),
        ),
        contents: fc.oneof(fc.constant(pictures.png), fc.constant(pictures.html), fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes))),
      }),
      { maxLength: 3 },
    ),
    deletions: fc.array(fc.record({ path: fc.tuple(folders, fc.array(segments, { maxLength: 3 })).map(([folder, parts]) => [folder, ...parts].join("/")) }), { maxLength: 2 }),
  });
