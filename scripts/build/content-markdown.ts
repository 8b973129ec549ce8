// Markdown content files into the plain data pages render, at build time.
// Only what the pages' components draw is accepted: `##` headings, paragraphs
// of plain text, bulleted lists, and definition terms written as a list whose
// items begin with a bold term (`- **Term**: detail`, the detail optionally a
// link). Raw HTML, emphasis or links anywhere else are refused, so a file
// cannot put markup into a page.
import { Lexer, type Token, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";

/** A problem in a Markdown file; `where` is a line number or a field, for the message. */
export class MarkdownError extends Error {
  constructor(
    message: string,
    readonly where: string,
  ) {
    super(message);
  }
}

/**
 * `---`, the YAML, then a line that is exactly `---`: a `---` inside a value
 * (a title "Privacy --- policy") or a line that only begins with one ends nothing.
 * The build and the editor's save split a file with this one pattern.
 */
export const FRONT_MATTER = /^---\r?\n(?:([\s\S]*?)\r?\n)?---(?:\r?\n|$)/;

/** Splits `---\nYAML\n---\nbody`; the front matter is required (a page's title lives there). */
export function splitFrontMatter(source: string): { data: unknown; body: string; bodyLine: number } {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new MarkdownError("must begin with front matter between two --- lines", "line 1");
  const data: unknown = parseYaml(match[1] ?? "", { prettyErrors: true });
  return { data, body: source.slice(match[0].length), bodyLine: match[0].split("\n").length };
}

/** The plain text of inline tokens, or a refusal naming what is not plain text. */
function plainText(tokens: readonly Token[] | undefined, where: string): string {
  let out = "";
  for (const token of tokens ?? []) {
    if (token.type === "text" || token.type === "escape") out += (token as Tokens.Text).text;
    else if (token.type === "br") out += " ";
    else throw new MarkdownError(`only plain text is allowed here, found ${describe(token)}`, where);
  }
  // Lines of one paragraph are joined as the browser would: by a single space.
  return out.replace(/\s*\n\s*/g, " ").trim();
}

function describe(token: Token): string {
  const raw = token.raw.trim().slice(0, 40);
  const kind = { html: "HTML", strong: "bold", em: "emphasis", link: "a link", codespan: "code", del: "strikethrough", image: "an image" }[token.type];
  return `${kind ?? token.type} (${raw})`;
}

export interface Term {
  term: string;
  detail: string;
  href?: string;
}
export type Block = string | { list: string[] } | { terms: Term[] };
export interface Section {
  heading: string;
  blocks: Block[];
}

/** A list item's one paragraph (tight lists hold it as text, loose ones as a paragraph), if it has just one. */
function itemText(item: Tokens.ListItem): { tokens?: Token[] } | undefined {
  const [only, ...more] = item.tokens;
  return more.length === 0 && (only?.type === "text" || only?.type === "paragraph") ? (only as Tokens.Text) : undefined;
}

/** One list item as a term (`**Term**: detail` or `**Term**: [detail](href)`), or undefined if it does not begin with a bold term. */
function termOf(item: Tokens.ListItem, where: string): Term | undefined {
  const inline = itemText(item)?.tokens ?? [];
  const [first, separator, ...rest] = inline;
  if (first?.type !== "strong") return undefined;
  const term = plainText((first as Tokens.Strong).tokens, where);
  if (separator?.type !== "text" || !/^:\s/.test((separator as Tokens.Text).text)) {
    throw new MarkdownError(`a term must be followed by ": " and its detail (- **${term}**: …)`, where);
  }
  const after = { ...(separator as Tokens.Text), text: (separator as Tokens.Text).text.replace(/^:\s+/, "") };
  const detailTokens = [after, ...rest].filter((token) => !(token.type === "text" && (token as Tokens.Text).text === ""));
  if (detailTokens.length === 1 && detailTokens[0]?.type === "link") {
    const link = detailTokens[0] as Tokens.Link;
    return { term, detail: plainText(link.tokens, where), href: link.href };
  }
  return { term, detail: plainText(detailTokens, where) };
}

function listBlock(list: Tokens.List, where: string): Block {
  if (list.ordered) throw new MarkdownError("numbered lists are not used on these pages: use - for a list", where);
  const terms = list.items.map((item) => termOf(item, where));
  if (terms.every((term) => term !== undefined)) return { terms: terms as Term[] };
  if (terms.some((term) => term !== undefined)) {
    throw new MarkdownError("a list is either all terms (- **Term**: detail) or all plain items; put text between two lists", where);
  }
  return {
    list: list.items.map((item) => {
      const text = itemText(item);
      if (!text) throw new MarkdownError("a list item is one paragraph of plain text (no nested lists)", where);
      return plainText(text.tokens, where);
    }),
  };
}

/**
 * The body as headed sections: each `## Heading` starts one, and its
 * paragraphs, lists and terms are its blocks. `firstLine` is the body's first
 * line in the file, so messages name the file's own line numbers.
 */
export function markdownSections(body: string, firstLine = 1): Section[] {
  const sections: Section[] = [];
  let line = firstLine;
  for (const token of new Lexer().lex(body)) {
    const where = `line ${line}`;
    line += token.raw.split("\n").length - 1;
    if (token.type === "space") continue;
    if (token.type === "heading") {
      const heading = token as Tokens.Heading;
      if (heading.depth !== 2) throw new MarkdownError(`headings are ## (a section); found ${"#".repeat(heading.depth)}`, where);
      sections.push({ heading: plainText(heading.tokens, where), blocks: [] });
      continue;
    }
    const section = sections.at(-1);
    if (!section) throw new MarkdownError("text before the first ## heading: the page's introduction goes in the front matter", where);
    if (token.type === "paragraph") section.blocks.push(plainText((token as Tokens.Paragraph).tokens, where));
    else if (token.type === "list") section.blocks.push(listBlock(token as Tokens.List, where));
    else throw new MarkdownError(`only headings, paragraphs and lists are allowed, found ${describe(token)}`, where);
  }
  return sections;
}
