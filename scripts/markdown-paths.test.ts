import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every repository path a Markdown file names exists: a path in backticks
// (`server/spam/signals.ts`, `app/lib/`) and a Markdown link to a relative file.
// A path counts when it has a `/` and starts with a top-level entry of the
// repository, or with an entry of the Markdown file's own folder (`api/` in
// server/README.md). Not counted: URLs, site addresses (`/admin`), globs and
// placeholders (`*`, `<id>`, `{slug}`, `…`, `DATA_DIR/…`), git's own files,
// paths in fenced blocks or in a quoted message of several words, and paths
// under the folders the build, the server and the benchmarks write (`build/`,
// `data/`, `bench/results/`). A file the text says is gone is written
// "`scripts/old.ts` (removed …", "…, since removed" or "… is gone".

const root = path.resolve(import.meta.dirname, "..");

/** Written at run time, never a source file: a path under them is not checked. */
const runtime = ["build/", "data/", ".tmp/", ".astro/", "node_modules/", "test-results/", "playwright-report/", "bench/.tmp/", "bench/results/", "bench/screenshots/", "public/media/uploads/"];

const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
/** Every file and folder of the tree, folders with a trailing `/`. */
const entries = new Set<string>();
for (const file of listed) {
  entries.add(file);
  for (let at = file.indexOf("/"); at !== -1; at = file.indexOf("/", at + 1)) entries.add(file.slice(0, at + 1));
}
const exists = (candidate: string) => entries.has(candidate) || entries.has(`${candidate}/`);
const topLevel = new Set([...entries].map((entry) => entry.replace(/\/.*/, "")));

/** A word that may be a path: no URL, glob, placeholder, variable or site address. */
const pathLike = /^\.{0,2}\/?[\w@.-]+(\/[\w@.-]*)+$/;
const notAPath = /:\/\/|^\/|^\.\.?$/;
/** The first word of a span that is a command line: a program, a variable set for it, or a script run by its path. */
const command = /^(npm|npx|node|bash|sh|git|tsx|vitest|playwright|[A-Z_]+=\S*|[\w./-]+\.(ts|mjs|js|sh))$/;

/** The repository path a word names, or undefined when it names none. */
function repositoryPath(word: string, markdownFile: string): { path: string; ok: boolean } | undefined {
  const bare = word.replace(/[#?].*$/, "").replace(/:\d+(-\d+)?$/, "").replace(/[.,;:)]+$/, "");
  if (!bare || notAPath.test(bare) || !pathLike.test(bare) || /(^|\/)\.git(\/|$)/.test(bare)) return undefined;
  const dir = path.posix.dirname(markdownFile);
  const first = bare.replace(/^\.\//, "").split("/")[0]!;
  // Relative to the Markdown file's own folder (`api/`, `../contract/`), or from the root (`./scripts/…` in a command too).
  const candidates = [
    ...(dir !== "." && (bare.startsWith(".") || exists(path.posix.join(dir, first))) ? [path.posix.join(dir, bare)] : []),
    ...((topLevel.has(first) || runtime.includes(`${first}/`)) && bare.includes("/") ? [bare] : []),
  ].map((candidate) => path.posix.normalize(candidate).replace(/\/$/, ""));
  if (candidates.length === 0 || candidates.some((candidate) => runtime.some((folder) => `${candidate}/`.startsWith(folder)))) return undefined;
  const found = candidates.find(exists);
  return { path: found ?? candidates[0]!, ok: found !== undefined };
}

/** The paths a Markdown text names in backticks and relative links, with their line numbers. */
function namedPaths(text: string, markdownFile: string) {
  const found: { line: number; word: string; path: string; ok: boolean }[] = [];
  // Fenced blocks are commands and output, not prose: blanked, their lines kept.
  let fenced = false;
  const prose = text
    .split("\n")
    .map((line) => {
      const fence = /^\s*(```|~~~)/.test(line);
      if (fence) fenced = !fenced;
      return fence || fenced ? "" : line;
    })
    .join("\n");
  const lineAt = (offset: number) => prose.slice(0, offset).split("\n").length;
  // A span may wrap onto the next line, never across a paragraph.
  for (const match of prose.matchAll(/`([^`]+)`/g)) {
    const words = match[1]!.trim().split(/\s+/);
    // A span of several words is a command (its paths count) or a quoted message or code (they do not).
    if (match[1]!.includes("\n\n") || (words.length > 1 && !command.test(words[0]!))) continue;
    // A file the text says is gone: "`scripts/old.ts`, since removed", "`scripts/old.ts` (removed …" or "`scripts/old.ts` is gone".
    if (/^(,? since removed| \(removed| is gone)/.test(prose.slice(match.index + match[0].length))) continue;
    for (const word of words) {
      const named = repositoryPath(word, markdownFile);
      if (named) found.push({ line: lineAt(match.index), word, ...named });
    }
  }
  for (const match of prose.replace(/`[^`]*`/g, (span) => span.replace(/[^\n]/g, " ")).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1]!;
    if (/^(\w+:|#|\/)/.test(target)) continue;
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(markdownFile), decodeURI(target.replace(/#.*$/, "")))).replace(/\/$/, "");
    found.push({ line: lineAt(match.index), word: target, path: resolved, ok: exists(resolved) });
  }
  return found;
}

describe("the Markdown files", () => {
  it("name only repository paths that exist", () => {
    const missing = listed
      .filter((file) => file.endsWith(".md"))
      .flatMap((file) =>
        namedPaths(readFileSync(path.join(root, file), "utf8"), file)
          .filter(({ ok }) => !ok)
          .map(({ line, word, path: named }) => `${file}:${line}: \`${word}\` (${named})`),
      );
    expect(missing).toEqual([]);
  });

  it("tell a path from what is not one", () => {
    const named = (text: string, file = "README.md") => namedPaths(text, file).map(({ path: at, ok }) => `${at}${ok ? "" : " (missing)"}`);
    expect(named("`server/spam/signals.ts`, `app/lib/`, `docs/adr/0016-spam-quarantine.md`")).toEqual([
      "server/spam/signals.ts",
      "app/lib",
      "docs/adr/0016-spam-quarantine.md",
    ]);
    expect(named("`server/no-such-file.ts` and [a link](docs/no-such-page.md#part)")).toEqual(["server/no-such-file.ts (missing)", "docs/no-such-page.md (missing)"]);
    expect(named("`api/no-such.ts`, [up](../contract/README.md), `build/client`", "scripts/README.md".replace("scripts", "server"))).toEqual(["server/api/no-such.ts (missing)", "contract/README.md"]);
    expect(
      named(
        "`https://example.com/a/b`, `/admin/content`, `app/data/admin*.ts`, `content/tenders/<slug>.yaml`, `DATA_DIR/outbox-mail/`, `build/client`, `bench/results/x.json`, `a/b`, `and/or`, [site](/contact), [web](https://keystatic.com)",
      ),
    ).toEqual([]);
    expect(named("```sh\nnode server/gone.ts\n```\n`npm run x -- server/cli.ts`, `scripts/ensure-node.sh [version]`")).toEqual(["server/cli.ts", "scripts/ensure-node.sh"]);
    expect(named("`content/gone.yaml does not fit its schema`, `content/tenders/zz/.git/config`, `scripts/old.ts`, since removed")).toEqual([]);
  });
});
