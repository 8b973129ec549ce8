// Writes app/assets/icons.svg: one <symbol> per icon the site names, drawn
// from lucide's icon data, plus three brand marks drawn for this site. Pages
// reference it with <use>, so no icon paths ride in the JavaScript bundle.
// Run after changing the list: npm run icons
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { iconNames, type IconName } from "../app/data/icon-names";

/** Our name → lucide's file name, where they differ. */
const lucideFile: Partial<Record<IconName, string>> = {
  building: "building-complex",
  home: "house",
  message: "message-circle",
  shield: "shield-check",
};

/** Brand marks are not in lucide: plain geometric stand-ins, filled. */
const brandMarks: Partial<Record<IconName, string>> = {
  linkedin:
    '<rect x="2" y="2" width="20" height="20" rx="4" fill="none" stroke="currentColor" stroke-width="2"/><path fill="currentColor" d="M7 10h2.4v7H7zM8.2 6.3a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6zM11 10h2.3v1c.4-.7 1.3-1.2 2.4-1.2 2 0 2.6 1.3 2.6 3.2v4h-2.4v-3.6c0-.9-.3-1.5-1.1-1.5-.9 0-1.4.6-1.4 1.6V17H11z"/>',
  "x-social": '<path fill="currentColor" d="M4 3h4.6l4.2 5.9L17.9 3H20l-6.3 7.3L21 21h-4.6l-4.6-6.4L6.2 21H4l6.9-7.9z"/>',
  facebook:
    '<path fill="currentColor" d="M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.6 1.6-1.6h1.7V4.4c-.3 0-1.3-.1-2.5-.1-2.5 0-4.1 1.5-4.1 4.2v2.3H7.4V14h2.8v8z"/>',
};

type IconNode = [string, Record<string, string>][];

const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function drawLucide(node: IconNode): string {
  const shapes = node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => `${name}="${escape(String(value))}"`)
        .join(" ");
      return `<${tag} ${attrs}/>`;
    })
    .join("");
  return `<g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shapes}</g>`;
}

const symbols: string[] = [];
for (const name of iconNames) {
  let body = brandMarks[name];
  if (!body) {
    const file = lucideFile[name] ?? name;
    const module = (await import(`lucide-react/dist/esm/icons/${file}.mjs`)) as { __iconData?: { node: IconNode } };
    if (!module.__iconData) throw new Error(`lucide has no icon data in ${file}.mjs (for "${name}")`);
    body = drawLucide(module.__iconData.node);
  }
  symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${body}</symbol>`);
}

const out = path.resolve(import.meta.dirname, "../app/assets/icons.svg");
await writeFile(out, `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`);
console.log(`make-icon-sprite: ${symbols.length} icons → ${path.relative(process.cwd(), out)}`);
