import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The project's import graph has no circle: every module can be read, tested
// and moved knowing only what it imports. Type-only imports and import() count
// too, since either ties two files together as much as a value import does.

const root = path.resolve(import.meta.dirname, "..");
const sourceFolders = ["app", "contract", "server", "scripts"];

type Graph = ReadonlyMap<string, readonly string[]>;

/** Every .ts/.tsx file under the source folders, mapped to the project files it imports (resolved as tsc resolves them). */
function importGraph(): Graph {
  const { config } = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const files = sourceFolders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
      return resolved && !resolved.isExternalLibraryImport ? [path.resolve(resolved.resolvedFileName)] : [];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of `graph` (its strongly connected components of more than one file, or a file importing itself), by Tarjan's algorithm. */
function findCircles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowLink.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

describe("findCircles", () => {
  it("names the files of every loop, and nothing that merely shares an import", () => {
    const graph = new Map([
      ["header", ["nav", "logo"]],
      ["nav", ["header", "logo"]],
      ["logo", []],
      ["carousel", ["parts"]],
      ["element", ["behaviour", "parts"]],
      ["behaviour", ["element"]],
      ["parts", []],
      ["self", ["self"]],
    ]);
    expect(findCircles(graph)).toEqual(expect.arrayContaining([["header", "nav"], ["behaviour", "element"], ["self"]]));
    expect(findCircles(graph)).toHaveLength(3);
  });
});

describe("the project's imports", () => {
  it("form no circle", () => {
    const graph = importGraph();
    // A sanity check that the graph was read: the site layout imports the header, the footer and the notices.
    expect(graph.get(path.join(root, "app/components/layout/site-layout.tsx"))?.length).toBeGreaterThan(3);
    const circles = findCircles(graph).map((files) => files.map((file) => path.relative(root, file)).join(" <-> "));
    expect(circles, "import circles (move what they share into a module both import)").toEqual([]);
  });
});
