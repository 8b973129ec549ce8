import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The design notes and the product specification this site was built from do
// not ship with the repository; a comment or doc that cites them sends the
// next engineer to a file they cannot open. Whatever they need is written here.

const root = path.resolve(import.meta.dirname, "..");
const outside = /\b(DESIGN|TOOLCHAIN|STYLE|EXAMPLES)\.md\b|site-spec|\bspec(ification)?('s)? section \d|\bsection \d+ of the spec/;

describe("the repository's own words", () => {
  it("cite no document that is not in the repository", () => {
    const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
      .split("\0")
      .filter((file) => /\.(ts|tsx|mjs|js|md|yaml|css|sh)$/.test(file) && file !== "scripts/repository-docs.test.ts");
    const citing = files.flatMap((file) =>
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .flatMap((line, index) => (outside.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(citing).toEqual([]);
  });
});
