import { cpSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkAllContent, ContentError, contentDir, listContentFiles, loadContentFile, readEntries } from "./content-files";

const goodTender = `order: 5
icon: home
title: Roof repairs
text: Roofs on a housing estate.
value: £1m
client: Housing association
scope: Roofing
`;

describe("content files", () => {
  it("every file under content/ has a schema and fits it", () => {
    expect(listContentFiles().length).toBeGreaterThan(0);
    expect(() => checkAllContent()).not.toThrow();
  });

  it("names the file, the field and the reason when a file does not fit", () => {
    const bad = goodTender.replace("icon: home", "icon: rocket").replace("title: Roof repairs", "title: ''");
    expect(() => loadContentFile("tenders/roof.yaml", bad)).toThrow(ContentError);
    expect(() => loadContentFile("tenders/roof.yaml", bad)).toThrow(
      /content\/tenders\/roof\.yaml does not fit its schema:\n {2}icon: "rocket" is not an icon[^\n]*\n {2}title: must not be empty/,
    );
  });

  it("refuses a missing field, an unknown field and a link to a page the site does not have", () => {
    const hero = readFileSync(path.join(contentDir, "home/hero.yaml"), "utf8");
    expect(() => loadContentFile("home/hero.yaml", hero.replace(/^subtitle:.*$/m, "subtitel: x"))).toThrow(/subtitle: required, but missing/);
    expect(() => loadContentFile("home/hero.yaml", hero.replace(/^subtitle:.*$/m, "subtitel: x"))).toThrow(/subtitel: not a field of this file/);
    expect(() => loadContentFile("home/hero.yaml", hero.replace("href: /agencies", "href: /agency"))).toThrow(
      /actions\.1\.href: "\/agency" is neither one of the site's paths/,
    );
  });

  it("reads an optional field left empty as absent, as the content editor writes it; a required one stays refused", () => {
    const service = readFileSync(path.join(contentDir, "services/payroll.yaml"), "utf8");
    const data = loadContentFile("services/payroll.yaml", service);
    expect(loadContentFile("services/payroll.yaml", `${service}hero: {}\nsupport:\n  items: []\n`)).toEqual(data);
    expect(() => loadContentFile("services/payroll.yaml", `${service}hero:\n  headline: Payroll\n`)).toThrow(/hero\.subheadline: required, but missing/);
    expect(() => loadContentFile("services/payroll.yaml", service.replace(/^title:.*$/m, 'title: ""'))).toThrow(/title: must not be empty/);
  });

  it("refuses YAML that does not parse, and a file no schema covers", () => {
    expect(() => loadContentFile("tenders/roof.yaml", "title: [unclosed")).toThrow(/content\/tenders\/roof\.yaml: not valid YAML/);
    expect(() => loadContentFile("stray/notes.yaml", "a: 1")).toThrow(/content\/stray\/notes\.yaml: no schema for this file/);
  });

  it("reads a folder's entries in file-name order, as the route files read a collection, and names a bad file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "content-files-"));
    mkdirSync(path.join(dir, "tenders"), { recursive: true });
    writeFileSync(path.join(dir, "tenders/roof.yaml"), goodTender);
    writeFileSync(path.join(dir, "tenders/bridge.yaml"), goodTender.replace("Roof repairs", "Bridge works"));
    expect(readEntries("tenders/*.yaml", dir).map((tender) => tender.title)).toEqual(["Bridge works", "Roof repairs"]);

    writeFileSync(path.join(dir, "tenders/roof.yaml"), goodTender.replace("order: 5", "order: first"));
    expect(() => readEntries("tenders/*.yaml", dir)).toThrow(/content\/tenders\/roof\.yaml does not fit its schema:\n {2}order: Invalid type: Expected number but received "first"/);
  });
});

describe("Markdown content files", () => {
  const page = (body: string, front = "title: Cookie policy\nintro: The short version.\nlastUpdated: 2026-11-25\n") => `---\n${front}---\n${body}`;

  it("turns ## sections, paragraphs, lists and bold terms into the page's blocks, resolving placeholders", () => {
    const data = loadContentFile(
      "legal/cookie-policy.md",
      page(
        "\n## Keeping data\n\nEnquiries are kept for\n{retention.enquiryMonths} months.\n\n- one\n- two\n\n" +
          "## Contact\n\n- **Phone**: [020 7946 0123](tel:+442079460123)\n- **Where**: {site.name}, London\n\n{legal.contactTerms}\n",
      ),
    ) as { sections: { heading: string; blocks: unknown[] }[] };
    expect(data.sections[0]).toEqual({ heading: "Keeping data", blocks: ["Enquiries are kept for 24 months.", { list: ["one", "two"] }] });
    expect(data.sections[1]?.blocks[0]).toEqual({
      terms: [
        { term: "Phone", detail: "020 7946 0123", href: "tel:+442079460123" },
        { term: "Where", detail: "Freelancer Marketplace UK, London" },
      ],
    });
    expect(data.sections[1]?.blocks[1]).toMatchObject({ terms: [{ term: "Email" }, { term: "Phone" }, { term: "Address" }] });
  });

  it("refuses raw HTML, emphasis in prose, text before the first section, and unknown placeholders, naming the line", () => {
    const load = (body: string) => () => loadContentFile("legal/cookie-policy.md", page(body));
    expect(load("\n## A\n\nSome <b>bold</b> text.\n")).toThrow(/content\/legal\/cookie-policy\.md: line 9: only plain text is allowed here, found HTML \(<b>\)/);
    expect(load("\n## A\n\n<script>alert(1)</script>\n")).toThrow(/line 9: only headings, paragraphs and lists are allowed, found HTML/);
    expect(load("\n## A\n\nSee [the policy](https://example.com).\n")).toThrow(/line 9: only plain text is allowed here, found a link/);
    expect(load("\nHello.\n\n## A\n\nText.\n")).toThrow(/line 7: text before the first ## heading/);
    expect(load("\n## A\n\nKept {retention.forever} months.\n")).toThrow(
      /content\/legal\/cookie-policy\.md: sections\.0\.blocks\.0: unknown placeholder \{retention\.forever\}/,
    );
    expect(load("\n## A\n\n- **Term**: x\n- plain\n")).toThrow(/a list is either all terms/);
  });

  it("checks the front matter and the blocks against the schema", () => {
    expect(() => loadContentFile("legal/cookie-policy.md", "## A\n\nText.\n")).toThrow(/line 1: must begin with front matter/);
    expect(() => loadContentFile("legal/cookie-policy.md", page("\n## A\n\nText.\n", "title: Cookie policy\nlastUpdated: 25/11/2026\n"))).toThrow(
      /does not fit its schema:\n {2}intro: required, but missing\n {2}lastUpdated: "25\/11\/2026" is not a date written YYYY-MM-DD/,
    );
    expect(() => loadContentFile("legal/cookie-policy.md", page("\n## A\n\n- **Web**: [x](http://example.com)\n"))).toThrow(
      /sections\.0\.blocks\.0\.terms\.0\.href: "http:\/\/example\.com" is not one of the site's paths, an https:\/\/ address, a mailto: address or a tel: number/,
    );
    expect(() => loadContentFile("legal/cookie-policy.yaml", "title: x")).toThrow(/no schema for this file/);
  });
});

describe("figures stated in the spotlight files", () => {
  const spotlight = readFileSync(path.join(contentDir, "spotlight/index.md"), "utf8");
  const statistics = readFileSync(path.join(contentDir, "statistics.yaml"), "utf8");
  /** A copy of content/ with statistics.yaml and the spotlight page as given. */
  const contentCopy = (stats: string, page = spotlight) => {
    const dir = mkdtempSync(path.join(tmpdir(), "content-figures-"));
    cpSync(contentDir, dir, { recursive: true });
    writeFileSync(path.join(dir, "statistics.yaml"), stats);
    writeFileSync(path.join(dir, "spotlight/index.md"), page);
    return dir;
  };
  type Spotlight = { hero: { intro: string }; sectorEstimates: { heading: string } };

  it("writes {figures.name} from statistics.yaml in the page's format, and follows a changed figure", () => {
    expect(spotlight).toContain("About {figures.freelancers} people");
    const now = loadContentFile("spotlight/index.md", spotlight) as Spotlight;
    expect(now.hero.intro).toMatch(/^About 2\.05 million people in the UK freelance, out of 4\.3 million self-employed, and 7\.4 million/);
    expect(now.sectorEstimates.heading).toBe("Freelancers by sector: 2025 estimates");

    const dir = contentCopy(statistics.replace("freelancers: 2050000", "freelancers: 2200000").replace("year: 2025", "year: 2026"));
    const edited = loadContentFile("spotlight/index.md", spotlight, dir) as Spotlight;
    expect(edited.hero.intro).toMatch(/^About 2\.20 million people/);
    expect(edited.sectorEstimates.heading).toBe("Freelancers by sector: 2026 estimates");
  });

  it("fails the build on an unknown figure, and names statistics.yaml when it is the file at fault", () => {
    const dir = contentCopy(statistics, spotlight.replace("{figures.freelancers}", "{figures.freelancerz}"));
    expect(() => checkAllContent(dir)).toThrow(/content\/spotlight\/index\.md: hero\.intro: unknown placeholder \{figures\.freelancerz\} \(app\/data\/figures\.ts/);

    const badStats = contentCopy(statistics.replace("freelancers: 2050000", "freelancers: many"));
    expect(() => loadContentFile("spotlight/index.md", spotlight, badStats)).toThrow(
      /content\/spotlight\/index\.md states figures from content\/statistics\.yaml, which fails:\ncontent\/statistics\.yaml does not fit its schema:\n {2}ukWorkforce\.freelancers: /,
    );
  });

  it("needs each ## section to be an intro, then a list", () => {
    const noList = spotlight.replace(/\n- Information Tech[\s\S]*$/, "\n");
    expect(() => loadContentFile("spotlight/index.md", noList)).toThrow(/spotlight\/index\.md does not fit its schema:\n {2}sections\.0\.blocks/);
    const twoSections = `${spotlight}\n## More\n\nText.\n\n- item\n`;
    expect(() => loadContentFile("spotlight/index.md", twoSections)).toThrow(/sections\.1: needs exactly one ## section/);
  });
});
