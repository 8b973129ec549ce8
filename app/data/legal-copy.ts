import file from "../../content/site/legal.yaml";
import type { ContentOf } from "./schemas";

/** Wording shared by the three legal pages: content/site/legal.yaml. */
export const legalCopy = file as ContentOf<"site/legal.yaml">;
