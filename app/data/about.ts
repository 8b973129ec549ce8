import file from "../../content/about.md";
import type { ContentOf } from "./schemas";
import type { Action, Card } from "./types";

const about = file as ContentOf<"about.md">;
const [story, mission, vision] = about.sections;
const prose = ({ heading, blocks }: typeof story) => ({ heading, paragraphs: blocks });

export const aboutHero = about.hero satisfies { actions: Action[] };
export const ourStory = prose(story);
export const ourMission = prose(mission);
export const ourVision = prose(vision);
export const ourValues = about.values satisfies { cards: Card[] };
export const complianceAndVetting = about.compliance satisfies { cards: Card[] };
