// The brand in one place: its name, social profiles and contact details
// (content/site/brand.yaml and profile.yaml), and the switches that change
// site-wide behaviour.
import brandFile from "../../content/site/brand.yaml";
import profileFile from "../../content/site/profile.yaml";
import type { ContentOf } from "./schemas";

const brand = brandFile as ContentOf<"site/brand.yaml">;

/** What every page's own code needs (the header, the titles): kept small, as every page downloads it. */
export const site = {
  name: brand.name,
  shortName: brand.shortName,
  logoAlt: brand.logoAlt,
  /**
   * The spec's content protection: blocks copy, cut, paste, selection and some
   * developer shortcuts on page content. Form fields are always exempt.
   */
  contentProtection: true,
} as const;

/**
 * What the footer, the contact and legal pages and the structured data show:
 * all pre-rendered, so no page's own code needs it (a separate file and
 * export, so the bundler leaves it out of the code every page loads).
 */
export const siteProfile = profileFile as ContentOf<"site/profile.yaml">;

export type SocialIcon = (typeof siteProfile.social)[number]["icon"];
