// About (/about). The words are content/about.md (the about collection's one
// entry, read by the route file).
import type { ContentOf } from "./schemas";
import type { Action, Card } from "./types";

/** The page's sections: its three `##` sections as prose, its cards from the front matter. */
export function aboutCopy(about: ContentOf<"about.md">) {
  const [story, mission, vision] = about.sections;
  const prose = ({ heading, blocks }: typeof story) => ({ heading, paragraphs: blocks });
  return {
    aboutHero: about.hero satisfies { actions: Action[] },
    ourStory: prose(story),
    ourMission: prose(mission),
    ourVision: prose(vision),
    ourValues: about.values satisfies { cards: Card[] },
    complianceAndVetting: about.compliance satisfies { cards: Card[] },
  };
}

export type AboutCopy = ReturnType<typeof aboutCopy>;
