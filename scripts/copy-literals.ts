// Counts the words a visitor can read that are still written in app/'s code
// rather than in content/: string literals, template text and JSX text, found
// with the TypeScript compiler's parser (a regex cannot tell a class name in
// JSX from a heading). `npm run copy-literals` prints a table per file and a
// total; scripts/copy-literals.test.ts holds the total at zero outside the
// exceptions below.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("../", import.meta.url));

/**
 * Files whose words stay in code, each with why. Everything else in app/
 * must read its copy from content/.
 */
export const exceptions: Readonly<Record<string, string>> = {
  "app/data/number-formats.ts": "number formats: a figure's prefix and unit (£, M+) are how it is written, like a date's format",
};

/** Not the visitor's: the owner's inbox and editor, build-time checks, tests. */
const skippedPaths = [
  /\.test\.tsx?$/,
  /\.d\.ts$/,
  /^app\/admin\//,
  // The schemas' messages are the owner's, at build time.
  /^app\/data\/schemas\//,
];

/** JSX attributes a visitor reads or hears; every other attribute is markup (class, id, href, data-…). */
const readableAttributes = new Set(["alt", "title", "aria-label", "aria-description", "aria-roledescription", "aria-valuetext", "placeholder", "label", "summary"]);

/** Object keys whose values are never words: addresses, names of things in code, styling. */
const technicalKeys = new Set([
  "href", "path", "url", "src", "icon", "flag", "variant", "type", "id", "key", "className", "class", "method", "rel", "target",
  "@type", "@context", "as", "role", "mode", "locale", "kind", "format", "image", "webm", "mp4", "poster", "email", "phone", "autoComplete", "inputMode",
]);

/** Calls whose string arguments are code: DOM and storage keys, events, class lists, errors for developers. */
const technicalCalls = new Set([
  "querySelector", "querySelectorAll", "getElementById", "closest", "matches", "addEventListener", "removeEventListener",
  "setAttribute", "getAttribute", "removeAttribute", "hasAttribute", "toggleAttribute", "createElement", "define", "get", "has",
  "getItem", "setItem", "removeItem", "matchMedia", "fetch", "cn", "clsx", "Error", "TypeError", "RangeError", "log", "warn",
  "error", "info", "debug", "postMessage", "dispatchEvent", "CustomEvent", "Event", "startsWith", "endsWith", "includes",
  "replace", "replaceAll", "split", "join", "toLocaleString", "toLocaleDateString", "DateTimeFormat", "NumberFormat", "URL",
  "URLSearchParams", "append", "set", "delete", "require", "import", "lazy", "staticPart", "animate", "scrollTo", "toggle",
  "add", "remove", "contains", "focus", "measure", "mark", "getPropertyValue", "setProperty", "isSupported", "supports",
]);

const isUrlOrPath = (text: string) => /^(\/|#|\.{1,2}\/|https?:|mailto:|tel:|data:|blob:|~\/)/.test(text) || /^[\w.-]+\.(svg|png|webp|jpe?g|css|js|ts|tsx|json|ya?ml|md|woff2?)$/.test(text);

const codeCharacters = /^[a-z0-9:\-[\]/.%_!()#&>*=,@+~'"^$|?]+$/;
const codePunctuation = /[-:[\]/._#=]/;

/**
 * An identifier (`cookiesAccepted`, `STORAGE_KEY`, `heart-pulse`), or a class
 * list or selector: tokens in small letters, most with code punctuation
 * (`px-4 py-5 text-sm`), where prose has plain words (`opens in a new tab`).
 */
function isCode(tokens: string[]): boolean {
  if (tokens.length === 1) {
    const [token = ""] = tokens;
    return /^[a-z][a-zA-Z0-9]*$/.test(token) || /^[A-Z][A-Z0-9_]+$/.test(token) || (codeCharacters.test(token) && codePunctuation.test(token));
  }
  return tokens.every((token) => codeCharacters.test(token)) && tokens.filter((token) => codePunctuation.test(token)).length * 2 > tokens.length;
}

/** Words: at least one letter, and either a capital or two words, and not code. */
export function looksReadable(raw: string): boolean {
  const text = raw.replace(/\s+/g, " ").trim();
  if (!/\p{L}/u.test(text)) return false;
  if (isUrlOrPath(text) || /^[a-z]{2}[-_][A-Z]{2}$/.test(text)) return false;
  // Code in a string (a head script's source), or a CSS function (`scaleY(0)`).
  if (/function\s*\(|=>|[{};]\s*$|^[a-zA-Z-]+\([^()]*\)$/.test(text)) return false;
  const tokens = text.split(" ");
  if (isCode(tokens)) return false;
  // A media query, a CSS declaration, an at-rule, a selector with an attribute.
  if (/^\((min-|max-|prefers-|hover|pointer|orientation)|^[\w-]+\s*:\s*[^ ]+;?$|^@|\[[\w-]+(=|\])/.test(text)) return false;
  return /\p{Lu}/u.test(text) || tokens.filter((token) => /\p{L}/u.test(token)).length >= 2 || /[…–—’✅⚠©]/u.test(text);
}

/** Names a call by its callee's last identifier (`el.querySelector` → querySelector, `new Error` → Error). */
function calleeName(node: ts.CallExpression | ts.NewExpression): string | undefined {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (callee.kind === ts.SyntaxKind.ImportKeyword) return "import";
  return undefined;
}

function propertyKey(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name) ? name.text : undefined;
}

/** Whether a string literal's place in the code makes it code, not words. */
function isCodePosition(node: ts.Node): boolean {
  let child: ts.Node = node;
  let parent = node.parent;
  // Look through the expressions that pass a value on unchanged.
  while (
    ts.isParenthesizedExpression(parent) ||
    ts.isAsExpression(parent) ||
    ts.isSatisfiesExpression(parent) ||
    ts.isConditionalExpression(parent) ||
    (ts.isBinaryExpression(parent) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(parent.operatorToken.kind)) ||
    ts.isTemplateSpan(parent) ||
    ts.isTemplateExpression(parent)
  ) {
    if (ts.isConditionalExpression(parent) && parent.condition === child) break;
    child = parent;
    parent = parent.parent;
  }
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent) || ts.isModuleDeclaration(parent)) return true;
  if (ts.isImportTypeNode(parent) || ts.isLiteralTypeNode(parent)) return true;
  if (ts.isExpressionStatement(parent)) return true; // "use client"
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === child) return true;
  if (ts.isCaseClause(parent)) return true;
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    if ([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken, ts.SyntaxKind.InKeyword].includes(op)) return true;
  }
  if (ts.isPropertyAssignment(parent)) {
    if (parent.name === child) return true;
    const key = propertyKey(parent.name);
    if (key !== undefined && (technicalKeys.has(key) || /^(aria|data)-|Class(Name)?$|Id$|Key$|Url$|Href$|Path$|Selector$/.test(key))) return true;
  }
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== child) {
    const name = calleeName(parent);
    if (name !== undefined && technicalCalls.has(name)) return true;
  }
  if (ts.isJsxAttribute(parent) || ts.isJsxExpression(parent)) {
    const attribute = ts.isJsxAttribute(parent) ? parent : ts.isJsxAttribute(parent.parent) ? parent.parent : undefined;
    if (attribute) return !readableAttributes.has(attribute.name.getText());
  }
  return false;
}

export interface Literal {
  line: number;
  text: string;
}

/** The visitor-readable literals of one source file. */
export function literalsIn(fileName: string, source: string): Literal[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Literal[] = [];
  const add = (node: ts.Node, text: string) => found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.replace(/\s+/g, " ").trim() });
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      if (/\p{L}/u.test(node.text)) add(node, node.text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (looksReadable(node.text) && !isCodePosition(node)) add(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      // A template's own words, with its ${…} holes as spaces: `${count} selected` counts.
      const words = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" … ");
      if (/\p{L}{2,}/u.test(words) && looksReadable(words.replace(/…/g, "")) && !isCodePosition(node)) add(node, words);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(base: string, dir: string): string[] {
  return readdirSync(path.join(base, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(base, relative);
    return /\.tsx?$/.test(entry.name) && !skippedPaths.some((pattern) => pattern.test(relative)) ? [relative] : [];
  });
}

/** Every file of `base`'s app/ (but the skipped ones) with its readable literals, exceptions marked. */
export function countCopyLiterals(base = root): { file: string; literals: Literal[]; exception?: string }[] {
  return sourceFiles(base, "app")
    .map((file) => ({ file, literals: literalsIn(file, readFileSync(path.join(base, file), "utf8")), exception: exceptions[file] }))
    .filter(({ literals }) => literals.length > 0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // --list prints each literal; --root <checkout> counts another checkout's app/.
  const verbose = process.argv.includes("--list");
  const rootAt = process.argv.indexOf("--root");
  const rows = countCopyLiterals(rootAt > 0 ? path.resolve(process.argv[rootAt + 1] ?? ".") : root);
  let total = 0;
  let excepted = 0;
  let sentences = 0;
  for (const { file, literals, exception } of rows) {
    if (exception) excepted += literals.length;
    else total += literals.length;
    if (!exception) sentences += literals.filter(({ text }) => text.split(" ").filter((word) => /\p{L}/u.test(word)).length >= 6).length;
    console.log(`${String(literals.length).padStart(4)}  ${file}${exception ? `  (exception: ${exception})` : ""}`);
    if (verbose) for (const { line, text } of literals) console.log(`        ${line}: ${text}`);
  }
  console.log(`${String(total).padStart(4)}  total outside the exceptions, ${sentences} of them of six words or more${excepted ? ` (${excepted} in the exceptions)` : ""}`);
}
