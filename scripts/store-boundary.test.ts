import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The raw database handle stays in server/store/: every other module reaches
// the store through a repository on the instance (store/repositories.ts). So
// outside server/store/ no module imports Kysely, the database module, the
// symbol its plugin keeps the handle under, or the schema's whole-database type. Tests and their support files
// may (they seed and read rows directly), but no shipped module imports test
// support. Type-only imports count: a type is as much a way in as a value.

const root = path.resolve(import.meta.dirname, "..");
const sourceFolders = ["server", "contract"];
const storeFolder = "server/store/";
const rawModules = ["server/store/database.ts", "server/store/database-handle.ts"];
const schemaModule = "server/store/schema.ts";
const schemaWholeType = "Database";

interface SourceFile {
  /** Relative to the repository, with forward slashes. */
  file: string;
  source: string;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /\.test-support\.tsx?$/.test(file);
const isTestSupport = (file: string) => /\.test-support\.tsx?$/.test(file);

/** Each module a file imports (static, re-export or import()), with the names it takes. */
function importsOf({ file, source }: SourceFile): { specifier: string; names: string[] }[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: { specifier: string; names: string[] }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const names: string[] = [];
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
      if (bindings && (ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings))) names.push("*");
      if (ts.isExportDeclaration(node) && !node.exportClause) names.push("*");
      found.push({ specifier: node.moduleSpecifier.text, names });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push({ specifier: node.arguments[0].text, names: ["*"] });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, names: node.qualifier ? [ts.isIdentifier(node.qualifier) ? node.qualifier.text : "*"] : ["*"] });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** A relative specifier as the repository path it names (extension added as the bundler resolution adds it). */
function target(file: string, specifier: string, exists: (file: string) => boolean): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find(exists) ?? base;
}

/** Every import that breaks the boundary, as `file: what it imports`. */
export function storeBoundaryViolations(files: readonly SourceFile[]): string[] {
  const known = new Set(files.map(({ file }) => file));
  const violations: string[] = [];
  for (const source of files) {
    const { file } = source;
    const insideStore = file.startsWith(storeFolder);
    for (const { specifier, names } of importsOf(source)) {
      const resolved = target(file, specifier, (candidate) => known.has(candidate));
      if (!isTest(file) && resolved && isTestSupport(resolved)) violations.push(`${file}: ${specifier} (test support in a shipped module)`);
      if (insideStore || isTest(file)) continue;
      if (specifier === "kysely" || specifier.startsWith("kysely/")) violations.push(`${file}: ${specifier}`);
      else if (resolved && rawModules.includes(resolved)) violations.push(`${file}: ${specifier} (the raw database)`);
      else if (resolved === schemaModule && (names.includes(schemaWholeType) || names.includes("*"))) violations.push(`${file}: ${schemaWholeType} from ${specifier}`);
    }
  }
  return violations;
}

function projectFiles(): SourceFile[] {
  return sourceFolders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
      .map((entry) => {
        const absolute = path.join(entry.parentPath, entry.name);
        return { file: path.relative(root, absolute).split(path.sep).join("/"), source: readFileSync(absolute, "utf8") };
      }),
  );
}

describe("storeBoundaryViolations", () => {
  const store = { file: "server/store/database.ts", source: "export const openDatabase = 1;" };
  const schema = { file: "server/store/schema.ts", source: "export interface Database {}\nexport interface EnquiryRow {}" };
  const support = { file: "server/outbox/peers.test-support.ts", source: "export const peer = 1;" };

  it("names every way a module outside the store reaches the database", () => {
    const route = {
      file: "server/api/route.ts",
      source: [
        'import { sql } from "kysely";',
        'import type { Kysely } from "kysely";',
        'import { openDatabase } from "../store/database";',
        'import type { Database, EnquiryRow } from "../store/schema";',
        'export type Db = import("../store/database").OpenedDatabase;',
        'import { peer } from "../outbox/peers.test-support";',
      ].join("\n"),
    };
    expect(storeBoundaryViolations([store, schema, support, route])).toEqual([
      "server/api/route.ts: kysely",
      "server/api/route.ts: kysely",
      "server/api/route.ts: ../store/database (the raw database)",
      "server/api/route.ts: Database from ../store/schema",
      "server/api/route.ts: ../store/database (the raw database)",
      "server/api/route.ts: ../outbox/peers.test-support (test support in a shipped module)",
    ]);
  });

  it("lets the store, row types and tests through", () => {
    const repository = { file: "server/store/lead-store.ts", source: 'import type { Kysely } from "kysely";\nimport { openDatabase } from "./database";' };
    const worker = { file: "server/outbox/worker.ts", source: 'import type { EnquiryRow } from "../store/schema";' };
    const test = { file: "server/api/route.test.ts", source: 'import { sql } from "kysely";\nimport { openDatabase } from "../store/database";\nimport { peer } from "../outbox/peers.test-support";' };
    expect(storeBoundaryViolations([store, schema, support, repository, worker, test])).toEqual([]);
  });
});

describe("the project's modules", () => {
  it("reach the database only through server/store/, and ship no test support", () => {
    const files = projectFiles();
    // A sanity check that the tree was read: the store's own modules are there.
    expect(files.map(({ file }) => file)).toEqual(expect.arrayContaining(rawModules));
    expect(storeBoundaryViolations(files), "imports past the store (read the store through a repository on the instance)").toEqual([]);
  });
});
