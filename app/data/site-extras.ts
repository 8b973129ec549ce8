// Copy of the two notices, which are in every page's pre-rendered HTML (and
// never hydrate). Kept apart from layout.ts, which holds the rest of the
// shell's words. The words are content/site/notices.yaml.
import file from "../../content/site/notices.yaml";
import type { ContentOf } from "./schemas";

export const siteExtrasCopy = file as ContentOf<"site/notices.yaml">;
