// Copy of the two notices, which are in every page's pre-rendered HTML and
// kept as it is (a static part). Kept apart from layout.ts so the browser
// downloads it only with them, not with every page's shell. The words are
// content/site/notices.yaml.
import file from "../../content/site/notices.yaml";
import type { ContentOf } from "./schemas";

export const siteExtrasCopy = file as ContentOf<"site/notices.yaml">;
