import agencies from "~/assets/editorial/agencies.svg?url";
import member from "~/assets/editorial/member.svg?url";
import payroll from "~/assets/editorial/payroll.svg?url";
import sectors from "~/assets/editorial/sectors.svg?url";
import tenders from "~/assets/editorial/tenders.svg?url";
import type { HeroImage } from "./page-hero";

/** Hero artwork of the spotlight editorials and the members page: original SVGs drawn for this site. */
export const editorialArt = {
  sectors: { src: sectors, width: 600, height: 450 },
  payroll: { src: payroll, width: 600, height: 450 },
  agencies: { src: agencies, width: 600, height: 450 },
  tenders: { src: tenders, width: 600, height: 450 },
  member: { src: member, width: 600, height: 450 },
} as const satisfies Record<string, HeroImage>;
