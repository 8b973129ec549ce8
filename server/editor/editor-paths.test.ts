import { collection, config, fields, singleton } from "@keystatic/core";
import { describe, expect, it } from "vitest";
import { editorConfig, UPLOADS_DIRECTORY } from "../../editor/keystatic.config";
import { editorPaths } from "./editor-paths";

// The editor's allowlist comes from its Keystatic configuration: what that
// defines is accepted, and nothing else, however it is spelled.

const allowed = editorPaths(editorConfig());
const reason = (filepath: string) => {
  const checked = allowed.check(filepath);
  return checked.ok ? "accepted" : checked.reason;
};

describe("the files the editor may write", () => {
  it("are the configuration's: each singleton's file, one file per collection entry, pictures under the upload folder", () => {
    expect(allowed.described.singletons).toEqual(expect.arrayContaining(["content/home/hero.yaml", "content/testimonials/agencies.yaml", "content/about.md"]));
    expect(allowed.described.collections).toEqual(expect.arrayContaining(["content/tenders/<a-z0-9->.yaml", "content/legal/<a-z0-9->.md"]));
    expect(allowed.described.pictureDirectories).toEqual([UPLOADS_DIRECTORY]);
    expect(allowed.check("content/home/hero.yaml")).toEqual({ ok: true, file: { kind: "singleton", key: "homeHero" } });
    // A Markdown file is one file: its front matter and its body.
    expect(allowed.check("content/legal/cookie-policy.md")).toEqual({ ok: true, file: { kind: "entry", collection: "legal", slug: "cookie-policy" } });
    expect(allowed.check("content/tenders/nhs-framework-2025.yaml")).toEqual({ ok: true, file: { kind: "entry", collection: "tenders", slug: "nhs-framework-2025" } });
    // Keystatic names an array item's picture after its place in the schema, and keeps the name's extension.
    expect(allowed.check(`${UPLOADS_DIRECTORY}/items/0/avatar.png`)).toEqual({ ok: true, file: { kind: "picture", directory: UPLOADS_DIRECTORY, extension: "png" } });
    expect(allowed.check(`${UPLOADS_DIRECTORY}/ann.JPG`)).toMatchObject({ ok: true, file: { extension: "jpg" } });
  });

  it("refuses every other path, saying why", () => {
    const cases: [string, RegExp][] = [
      ["content/tenders/zz/.git/config", /starts with a dot/],
      ["content/tenders/.hidden.yaml", /starts with a dot/],
      [`${UPLOADS_DIRECTORY}/.well-known/x.png`, /starts with a dot/],
      [`${UPLOADS_DIRECTORY}/x.html`, /picture/],
      [`${UPLOADS_DIRECTORY}/x.svg`, /picture/],
      [`${UPLOADS_DIRECTORY}/x.png.html`, /picture/],
      [`${UPLOADS_DIRECTORY}/x y.png`, /letters, digits/],
      [`${UPLOADS_DIRECTORY}/../../server/app.ts`, /\.\./],
      ["content/home/hero.yaml/../../../.env", /\.\./],
      ["/etc/passwd", /absolute/],
      ["C:/Windows/win.ini", /absolute/],
      ["content\\home\\hero.yaml", /backslash/],
      ["content/home/hero.yaml\u0000", /control character/],
      ["content//home/hero.yaml", /empty folder/],
      ["", /empty/],
      ["content/home/hero.md", /no such file/],
      ["content/about.yaml", /no such file/],
      ["content/legal/cookie-policy.yaml", /no such file/],
      ["content/home/hero.yaml.bak", /no such file/],
      ["content/homeX/hero.yaml", /no such file/],
      ["content/tenders/Big Tender.yaml", /a-z, 0-9/],
      ["content/tenders/a/b.yaml", /a-z, 0-9/],
      ["content/tenders/a.yml", /no such file/],
      [`${UPLOADS_DIRECTORY}-x/evil.png`, /no such file/],
      ["package.json", /no such file/],
      ["content/tenders", /no such file/],
      ["x".repeat(500), /longer than/],
    ];
    for (const [filepath, expected] of cases) expect(reason(filepath), JSON.stringify(filepath)).toMatch(expected);
  });

  it("follows the configuration: another collection, an index file, another picture folder", () => {
    const other = editorPaths(
      config({
        storage: { kind: "local" },
        singletons: { about: singleton({ label: "About", path: "content/about/", format: { data: "json" }, schema: { title: fields.text({ label: "Title" }) } }) },
        collections: {
          people: collection({
            label: "People",
            path: "content/people/*/profile",
            slugField: "name",
            schema: { name: fields.slug({ name: { label: "Name" } }), photo: fields.image({ label: "Photo", directory: "public/media/people" }) },
          }),
        },
      }),
    );
    expect(other.check("content/about/index.json").ok).toBe(true);
    expect(other.check("content/about.json").ok).toBe(false);
    expect(other.check("content/people/ann-lee/profile.yaml").ok).toBe(true);
    expect(other.check("public/media/people/ann-lee/photo.webp").ok).toBe(true);
    expect(other.check(`${UPLOADS_DIRECTORY}/x.png`).ok).toBe(false);
  });

  it("fails loudly on a configuration whose files it cannot list", () => {
    expect(() =>
      editorPaths(
        config({
          storage: { kind: "local" },
          collections: { posts: collection({ label: "Posts", path: "content/posts/**", slugField: "title", schema: { title: fields.slug({ name: { label: "Title" } }) } }) },
        }),
      ),
    ).toThrow(/one single \*/);
  });
});
