import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { countCopyLiterals, exceptions, literalsIn, looksReadable } from "./copy-literals";

const root = fileURLToPath(new URL("../", import.meta.url));

describe("copy-literals", () => {
  it("finds no words for visitors in app/'s code outside the named exceptions", () => {
    const found = countCopyLiterals()
      .filter(({ exception }) => !exception)
      .flatMap(({ file, literals }) => literals.map(({ line, text }) => `${file}:${line}: ${text}`));
    expect(found, "move these to a file under content/ (content/README.md)").toEqual([]);
  });

  it("names only files that exist as exceptions, each with its reason", () => {
    for (const [file, reason] of Object.entries(exceptions)) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
      expect(reason.length).toBeGreaterThan(20);
    }
  });

  it("counts sentences, labels, JSX text and readable attributes, and no code", () => {
    const source = `
      import { paths } from "./paths";
      import type { Card } from "./types";
      export const hero = {
        title: "Our 4 Pillars",
        intro: "Everything a UK freelancer needs to work with confidence.",
        href: paths.contact,
        icon: "handshake",
        variant: "secondary",
        cards: [{ title: "Guides", text: \`Reply within \${days} days\` }] satisfies Card[],
      };
      export function Page({ kind }: { kind: string }) {
        if (kind === "Public Sector") return null;
        document.querySelector("[data-carousel] .embla__slide");
        return (
          <section className="mx-auto max-w-7xl px-4 sm:px-6" id="pillars" data-state="open">
            <h2>How It Works</h2>
            <button type="button" aria-label="Close menu" onClick={() => open("main menu")}>×</button>
            <img src="/media/hero.webp" alt="A builder on site" />
          </section>
        );
      }
    `;
    expect(literalsIn("page.tsx", source).map(({ text }) => text)).toEqual([
      "Our 4 Pillars",
      "Everything a UK freelancer needs to work with confidence.",
      "Guides",
      "Reply within … days",
      "How It Works",
      "Close menu",
      "main menu",
      "A builder on site",
    ]);
  });

  it("tells words from class lists, paths, identifiers, locales and CSS", () => {
    for (const words of ["Menu", "Skip to main content", "opens in a new tab", "{count} selected", "© 2026 Freelancer Marketplace UK", "1–2 business days"]) {
      expect(looksReadable(words), words).toBe(true);
    }
    for (const code of ["mx-auto max-w-7xl px-4 sm:px-6", "/services/payroll", "https://x.com/", "heart-pulse", "cookiesAccepted", "en_GB", "scaleY(0)", "(min-width: 768px)", "primary"]) {
      expect(looksReadable(code), code).toBe(false);
    }
  });
});
