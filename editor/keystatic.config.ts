// What the owner's content editor (Keystatic) edits: the files under content/
// that the site is built from, field by field as their valibot schemas in
// app/data/schemas/ define them (editor/keystatic-config.test.ts checks that the two agree).
// Read by the editor's browser bundle and by the server's editor API alike.
import { collection, config, fields, singleton, type Config } from "@keystatic/core";
import { iconNames } from "../app/data/icon-names";
import { UPLOADS_PUBLIC_PATH } from "../contract/uploads";

/** Where uploaded pictures go; the server makes their AVIF/WebP sizes (server/content/images.ts). */
export const UPLOADS_DIRECTORY = "public/media/uploads";

const required = { validation: { isRequired: true } } as const;

const action = fields.object(
  {
    label: fields.text({ label: "Button text", ...required }),
    href: fields.text({ label: "Link", description: "One of the site's paths, such as /contact, or an https:// address", ...required }),
    external: fields.checkbox({ label: "Opens another site in a new tab", defaultValue: false }),
    variant: fields.select({
      label: "Style",
      options: [
        { label: "Primary", value: "primary" },
        { label: "Secondary", value: "secondary" },
      ],
      defaultValue: "primary",
    }),
  },
  { label: "Button" },
);

const testimonial = fields.object(
  {
    quote: fields.text({ label: "Quote", multiline: true, ...required }),
    author: fields.text({ label: "Author", description: "A name, or a role such as Recruitment Director", ...required }),
    role: fields.text({ label: "Author's role (optional)" }),
    avatar: fields.image({ label: "Photo (optional)", directory: UPLOADS_DIRECTORY, publicPath: UPLOADS_PUBLIC_PATH }),
  },
  { label: "Testimonial" },
);

/** A page's testimonials section (content/testimonials/<page>.yaml); a carousel's needs its accessible name. */
const testimonialsSection = (label: string, page: string, { carousel }: { carousel: boolean }) =>
  singleton({
    label,
    path: `content/testimonials/${page}`,
    format: { data: "yaml" },
    schema: {
      heading: fields.text({ label: "Section heading", ...required }),
      ...(carousel ? { carouselLabel: fields.text({ label: "Carousel name for screen readers", ...required }) } : {}),
      items: fields.array(testimonial, {
        label: "Testimonials",
        itemLabel: (props) => props.fields.author.value || "New testimonial",
        validation: { length: { min: 1 } },
      }),
    },
  });

export const editorCollections = {
  tenders: collection({
    label: "Tenders (/spotlight/tenders)",
    path: "content/tenders/*",
    slugField: "title",
    format: { data: "yaml" },
    columns: ["title", "order"],
    schema: {
      order: fields.integer({ label: "Order (lowest first)", ...required }),
      icon: fields.select({ label: "Icon", options: iconNames.map((name) => ({ label: name, value: name })), defaultValue: "building" }),
      title: fields.slug({ name: { label: "Title", ...required } }),
      text: fields.text({ label: "Summary", multiline: true, ...required }),
      value: fields.text({ label: "Value", ...required }),
      client: fields.text({ label: "Client type", ...required }),
      scope: fields.text({ label: "Scope", multiline: true, ...required }),
    },
  }),
};

export const editorSingletons = {
  homeHero: singleton({
    label: "Home: hero",
    path: "content/home/hero",
    format: { data: "yaml" },
    schema: {
      headline: fields.text({ label: "Heading", ...required }),
      subtitle: fields.text({ label: "Line under the heading", multiline: true, ...required }),
      actions: fields.array(action, {
        label: "Buttons",
        itemLabel: (props) => props.fields.label.value || "New button",
        validation: { length: { min: 1 } },
      }),
    },
  }),
  agenciesTestimonials: testimonialsSection("Agencies: testimonials", "agencies", { carousel: true }),
};

/** The public page each editable file shows on: the editor's preview links and the tests use it. */
export const previewPaths = {
  homeHero: "/",
  agenciesTestimonials: "/agencies",
  tenders: "/spotlight/tenders",
} as const;

/**
 * Local mode edits the files of the server's own checkout (SITE_SOURCE_DIR) through
 * /api/keystatic; GitHub mode edits a repository on GitHub instead (README: "The
 * content editor").
 */
export type EditorStorage = { kind: "local" } | { kind: "github"; repo: `${string}/${string}` };

export function editorConfig(storage: EditorStorage = { kind: "local" }): Config<typeof editorCollections, typeof editorSingletons> {
  return config({
    storage,
    ui: { brand: { name: "Freelancer Marketplace UK: content" } },
    collections: editorCollections,
    singletons: editorSingletons,
  });
}
