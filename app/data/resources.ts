import file from "../../content/pages/resources.yaml";
import type { ContentOf } from "./schemas";
import type { Card } from "./types";

const page = file as ContentOf<"pages/resources.yaml"> satisfies { guides: { items: Card[] } };

export const resourcesHero = page.hero;

export const guides = page.guides;

export interface IndustryUpdate {
  title: string;
  summary: string;
}

/** Editorial notices, each shown dated with the visitor's today's date, as the spec asks. */
export const industryUpdates = page.industryUpdates satisfies { items: IndustryUpdate[] };
