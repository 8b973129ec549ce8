import { paths } from "../paths";
import { site } from "../site";
import type { PageMeta } from "../types";

export const cookiePolicyMeta: PageMeta = {
  title: "Cookie policy",
  description: `${site.name} sets no non-essential cookies and loads no trackers. This page lists the two choices the site remembers on your device and how to clear them.`,
  path: paths.cookiePolicy,
};
