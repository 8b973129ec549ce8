// The pieces the content files' schemas share. Build-time only: the site's
// code imports these modules' types, never their values, so valibot stays out
// of what the browser downloads (scripts/build/content-files.ts runs them).
import * as v from "valibot";
import { paths, serviceSlugs } from "../../../contract/paths.ts";
import { iconNames } from "../icon-names.ts";

/** One line of copy: trimmed, not empty. */
export const text = v.pipe(v.string(), v.trim(), v.nonEmpty("must not be empty"));

/** Every page address the site has (contract/paths.ts), the ones a link may name. */
export const sitePaths: ReadonlySet<string> = new Set([
  ...Object.values(paths).filter((value): value is Extract<typeof value, string> => typeof value === "string"),
  ...serviceSlugs.map((slug) => paths.serviceCategory(slug)),
]);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A link: one of the site's own paths (an optional #fragment allowed), or an
 * https:// address. A pattern rather than a check, so that the content editor
 * can test it as the owner types (editor/schema-fields.ts).
 */
export const href = v.pipe(
  v.string(),
  v.title("Link"),
  v.description("One of the site's paths, such as /contact, or an https:// address"),
  v.regex(
    new RegExp(`^(?:(?:${[...sitePaths].map(escaped).join("|")})(?:#.*)?|https://[^\\s/]+\\.\\S+)$`),
    "is neither one of the site's paths (contract/paths.ts) nor an https:// address",
  ),
);

/** A link on a legal page: a site path or https:// address as `href` allows, or an email address or a phone number. */
export const legalHref = v.union([href, v.pipe(v.string(), v.regex(/^(mailto:[^\s@]+@[^\s@]+|tel:\+?\d+)$/))], (issue) =>
  `"${String(issue.input)}" is not one of the site's paths, an https:// address, a mailto: address or a tel: number`,
);

/** A calendar date, YYYY-MM-DD. */
export const isoDate = v.pipe(
  v.string(),
  v.isoDate((issue) => `"${String(issue.input)}" is not a date written YYYY-MM-DD`),
);

export const icon = v.picklist(iconNames, (issue) => `"${String(issue.input)}" is not an icon the site has (app/data/icon-names.ts)`);

export const action = v.strictObject({
  label: text,
  href,
  external: v.optional(v.boolean()),
  variant: v.optional(v.picklist(["primary", "secondary"])),
});

export const testimonial = v.strictObject({
  quote: text,
  author: text,
  /** Absent: the author's initial stands in. The editor offers it as a picture to upload. */
  avatar: v.optional(v.pipe(v.string(), v.title("Photo"), v.metadata({ editor: "image" }))),
  role: v.optional(text),
});

export const faqItem = v.strictObject({ question: text, answer: text });

export const detail = v.strictObject({ term: text, detail: text });

export const card = v.strictObject({
  title: text,
  text,
  icon: v.optional(icon),
  href: v.optional(href),
  details: v.optional(v.array(detail)),
});

export const step = v.strictObject({ title: text, text });

export const legalTerm = v.strictObject({ term: text, detail: text, href: v.optional(legalHref) });

/** A paragraph, a bulleted list, or terms with their details. */
export const legalBlock = v.union(
  [text, v.strictObject({ list: v.pipe(v.array(text), v.minLength(1)) }), v.strictObject({ terms: v.pipe(v.array(legalTerm), v.minLength(1)) })],
  "must be a paragraph, a list or a list of terms",
);

/** Text that names values the site fills in as it runs (`{count} selected`): each name must be there. */
export const template = (...names: string[]) =>
  v.pipe(
    text,
    v.check((value) => names.every((name) => value.includes(`{${name}}`)), `must name ${names.map((name) => `{${name}}`).join(" and ")}, which the site fills in`),
  );
