// After `react-router build`: pre-compress every text asset with brotli and
// gzip at their highest levels, so the server never compresses per request.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const siteDir = path.resolve(process.argv[2] ?? "build/client");
const compressible = new Set([".html", ".js", ".css", ".svg", ".json", ".webmanifest", ".txt", ".xml"]);

const entries = await readdir(siteDir, { withFileTypes: true, recursive: true });
let count = 0;
for (const entry of entries) {
  if (!entry.isFile() || !compressible.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = await readFile(file);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gz = gzipSync(body, { level: 9 });
  // Keep a variant only when it is smaller than the original.
  if (br.length < body.length) await writeFile(`${file}.br`, br);
  if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
  count += 1;
}
console.log(`postbuild: pre-compressed ${count} files in ${path.relative(process.cwd(), siteDir)}`);
