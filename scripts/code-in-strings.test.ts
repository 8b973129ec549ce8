import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findCodeInStrings, looksLikeCode } from "./code-in-strings";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The only files allowed to hold or run code in a string, each with why. An
 * entry whose file no longer has a finding fails too, so the list only shrinks.
 */
const allowed: Record<string, string> = {
  // Runs the build's output (a head script's bundled string) in tests as the browser runs it; the source is the module.
  "app/head/run-built-script.ts": "runs a built head script in tests",
  // The other source checkers' tests: their samples are source text to read, never run.
  "scripts/copy-literals.test.ts": "sample sources the literal counter reads",
  "scripts/store-boundary.test.ts": "sample imports the store boundary refuses",
  // Pages written into a scratch copy of the site, as a person writes one: files to build, never run here.
  "scripts/build/page-content.test.ts": "sample route files whose content reads the build finds",
  "scripts/build/scratch-page.test.ts": "the page it adds to a scratch copy and builds",
};

// This file is left out: its own samples below are code in strings on purpose.
const self = "scripts/code-in-strings.test.ts";

function sourceFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" });
  return [...new Set(listed.split("\0"))].filter((file) => /\.(ts|tsx|mts|mjs|js)$/.test(file) && file !== self).sort();
}

describe("no code in strings", () => {
  it("finds none in the repository's sources outside the named list, and every listed file still needs its place", () => {
    const found = new Map<string, string[]>();
    for (const file of sourceFiles()) {
      let text: string;
      try {
        text = readFileSync(path.join(root, file), "utf8");
      } catch {
        continue; // listed by git but deleted in the working tree
      }
      const findings = findCodeInStrings(file, text);
      if (findings.length > 0) found.set(file, findings.map((finding) => `${file}:${finding.line}: ${finding.what}: ${finding.excerpt}`));
    }
    const unexpected = [...found].filter(([file]) => !(file in allowed)).flatMap(([, lines]) => lines);
    expect(unexpected, "code held in a string: make it a module (bundled to a string at build if it must be one)").toEqual([]);
    const stale = Object.keys(allowed).filter((file) => !found.has(file));
    expect(stale, "listed as holding code in a string but no longer does: take it off the list").toEqual([]);
  });
});

describe("what counts as code in a string", () => {
  const find = (text: string) => findCodeInStrings("sample.ts", text).map((finding) => finding.what);

  it("finds a string run as code, however it is run", () => {
    expect(find('const f = new Function("return 1");')).toEqual(["new Function"]);
    expect(find("const f = Function(body);")).toEqual(["new Function"]);
    expect(find("eval(body);")).toEqual(["eval"]);
    expect(find('import vm from "node:vm";\nvm.runInThisContext(body);\nnew vm.Script(body);')).toEqual(["vm runInThisContext", "new vm.Script"]);
    expect(find("new Worker(source, { eval: true });")).toEqual(["worker started from a string (eval: true)"]);
  });

  it("finds JavaScript written in a string or a template literal", () => {
    const samples = [
      "(function (s) {\n  var root = document.documentElement;\n  root.classList.add(s.name);\n})(SETTINGS);",
      "const seen = {};\nexport const helper = (load) => load();",
      "document.querySelector('main').focus();",
      "await new Promise((resolve)=>{requestAnimationFrame(()=>setTimeout(resolve,0));});",
      "for(const href of preload){const link=document.createElement('link');}",
      'import { loadContentUrl } from "./plugin.ts";\nexport default loadContentUrl(url);',
      "addEventListener('load', () => { ready = true; });",
      "function run() { return 1; }",
    ];
    for (const sample of samples) expect(looksLikeCode(sample), sample).not.toBeNull();
    expect(find("const code = `const s = ${port};\nlisten(s);`;")).toEqual(["declaration in a string"]);
  });

  it("leaves ordinary copy, markup, styles, queries and commands alone", () => {
    const samples = [
      "Sign up => get the newsletter; it's free.",
      "Use the function (below) to apply; then submit.",
      "We never read document.cookie; your visit is counted without one.",
      "Let us know; we answer within 1–2 business days.",
      "Return the form; a reply follows (return) in a week.",
      "<section data-notice=\"cookie\"><button>Accept</button></section>",
      "h1{color:red}.notice{display:none;}",
      "SELECT id FROM leads WHERE email = ? ORDER BY created_at DESC;",
      "npm run build && npm start; open http://localhost:3000",
      "export default x;\n",
      "Import duties; export licences (from 2026).",
    ];
    for (const sample of samples) expect(looksLikeCode(sample), sample).toBeNull();
    // An import's specifier and a type's literal are never run.
    expect(find('import data from "./a.yaml";\ntype Kind = "a; b => c(";')).toEqual([]);
  });
});
