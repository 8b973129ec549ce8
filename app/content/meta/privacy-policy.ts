import { paths } from "../paths";
import { site } from "../site";
import type { PageMeta } from "../types";

export const privacyPolicyMeta: PageMeta = {
  title: "Privacy policy",
  description: `How ${site.name} collects, uses and protects your personal data, who we share it with, how long we keep it and your rights under UK data protection law.`,
  path: paths.privacyPolicy,
};
