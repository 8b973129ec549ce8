// The site's content as Astro's content layer collections, read with typed
// getEntry and getCollection. Each is a folder of content/ read and checked by
// the build's own code (scripts/build/content-collection.ts), so the editor,
// the server and the scripts, which read content/ outside Astro, see the same
// data. Every folder of content/, and each file at its top, is one (docs/adr/0026).
import { defineCollection } from "astro:content";
import { contentCollection } from "../scripts/build/content-collection";

export const collections = {
  meta: defineCollection({ loader: contentCollection("meta/*.yaml") }),
  legal: defineCollection({ loader: contentCollection("legal/*.md") }),
  services: defineCollection({ loader: contentCollection("services/*.yaml") }),
  // Each file has its own schema: an entry read by name is typed by its own.
  spotlight: defineCollection({ loader: contentCollection("spotlight/*.md") }),
  faqs: defineCollection({ loader: contentCollection("faqs/*.yaml") }),
  testimonials: defineCollection({ loader: contentCollection("testimonials/*.yaml") }),
  home: defineCollection({ loader: contentCollection("home/*.yaml") }),
  tenders: defineCollection({ loader: contentCollection("tenders/*.yaml") }),
  // A file at the top of content/ is a collection of one entry, named as the file.
  about: defineCollection({ loader: contentCollection("about.md") }),
  statistics: defineCollection({ loader: contentCollection("statistics.yaml") }),
  // Each file has its own schema, as in spotlight/.
  pages: defineCollection({ loader: contentCollection("pages/*.yaml") }),
  forms: defineCollection({ loader: contentCollection("forms/*.yaml") }),
  navigation: defineCollection({ loader: contentCollection("navigation/*.yaml") }),
  site: defineCollection({ loader: contentCollection("site/*.yaml") }),
};
