import { paths } from "../paths";
import type { PageMeta } from "../types";

export const memberMeta: PageMeta = {
  title: "Members area",
  description:
    "Provider comparison, sector reports and calculators, joining bonuses, events, a referral dashboard, a download centre and a community space for freelancers and agencies.",
  path: paths.member,
};
