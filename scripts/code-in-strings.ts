import ts from "typescript";

// Code is code: a script for the page, a worker or a build step is a module
// that is type-checked, linted and tested, bundled to a string at build if it
// must be one. This finds the ways code hides from those checks in a source
// file: a string evaluated as code (`new Function`, `eval`, node:vm, a worker
// started with `eval: true`) and a string or template literal that reads as
// JavaScript. scripts/code-in-strings.test.ts runs it over the repository.

export interface Finding {
  line: number;
  what: string;
  /** The first characters of the offending code. */
  excerpt: string;
}

/** The node:vm functions that run a string as code. */
const VM_RUNNERS = new Set(["runInThisContext", "runInNewContext", "runInContext", "compileFunction"]);

// What JavaScript source has and copy does not. Each sign alone can appear in
// prose or markup ("=>" in a diagram, "document." in a sentence); a literal is
// code when it has a function or a statement shape *and* a statement's end.
const FUNCTION_SHAPE = /\bfunction\s*[\w$]*\s*\([^)]*\)\s*\{|(?:\([\w$,\s{}[\]:=.]*\)|\b[\w$]+)\s*=>\s*(?:\{|\(|[\w$.]+\s*[(.=;])/;
const DECLARATION = /\b(?:const|let|var)\s+[\w$[{][^=;]*=[^=>]/;
const MODULE_SYNTAX = /^\s*(?:import\s+(?:[\w$*{][^;]*\bfrom\s*)?["'][^"']+["']|export\s+(?:const|let|function|default|\{))/m;
const DOM_CALL = /\b(?:document|window|globalThis|self)\.[\w$.]+\s*\(/;
const STATEMENT_END = /;\s*(?:$|[\n}\w$])|\}\s*\)\s*\(|\breturn\b[^;]*;/;

/** A plugin's data module: one value, serialised where the placeholder is, and no code. */
const DATA_MODULE = /^export default x;?\n?$/;

/** Why a literal's text (each `${…}` read as `x`) reads as JavaScript, or null when it does not. */
export function looksLikeCode(text: string): string | null {
  if (DATA_MODULE.test(text)) return null;
  if (MODULE_SYNTAX.test(text)) return "import or export statement in a string";
  const ends = STATEMENT_END.test(text);
  if (!ends) return null;
  if (FUNCTION_SHAPE.test(text)) return "function in a string";
  if (DECLARATION.test(text)) return "declaration in a string";
  if (DOM_CALL.test(text)) return "DOM call in a string";
  return null;
}

/** A template literal's text with each `${…}` as a placeholder name, so the literal parts are read together. */
function literalText(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  if (!ts.isTemplateExpression(node)) return node.text;
  return node.head.text + node.templateSpans.map((span) => `x${span.literal.text}`).join("");
}

const calleeName = (expression: ts.Expression): string | undefined =>
  ts.isIdentifier(expression) ? expression.text : ts.isPropertyAccessExpression(expression) ? expression.name.text : undefined;

/** Every place in one source file where code is held in, or run from, a string. */
export function findCodeInStrings(fileName: string, text: string): Finding[] {
  const kind = /\.tsx$/.test(fileName) ? ts.ScriptKind.TSX : /\.m?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const findings: Finding[] = [];
  const add = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    findings.push({ line: line + 1, what, excerpt: node.getText(source).replace(/\s+/g, " ").slice(0, 80) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      if (name === "Function") add(node, "new Function");
      else if (name === "eval" && ts.isIdentifier(node.expression)) add(node, "eval");
      else if (name && VM_RUNNERS.has(name)) add(node, `vm ${name}`);
      else if (name === "Script" && ts.isNewExpression(node)) add(node, "new vm.Script");
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === "eval" && node.initializer.kind === ts.SyntaxKind.TrueKeyword) {
      add(node, "worker started from a string (eval: true)");
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      // An import's specifier, a type's literal or a JSX attribute is never run.
      const parent = node.parent;
      const inert = ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent) || ts.isJsxAttribute(parent);
      const why = inert ? null : looksLikeCode(literalText(node));
      if (why) {
        add(node, why);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}
