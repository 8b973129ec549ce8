import accounting from "~/assets/services/accounting.svg?url";
import insurance from "~/assets/services/insurance.svg?url";
import mortgages from "~/assets/services/mortgages.svg?url";
import payroll from "~/assets/services/payroll.svg?url";
import recruitment from "~/assets/services/recruitment.svg?url";
import training from "~/assets/services/training.svg?url";
import uae from "~/assets/services/uae.svg?url";
import usa from "~/assets/services/usa.svg?url";
import type { ServiceArt } from "~/data/services";
import type { HeroImage } from "./page-hero";

// One illustration per service category, drawn for this site (app/assets/services/).
const art: Record<ServiceArt, string> = { recruitment, payroll, insurance, mortgages, training, accounting, usa, uae };

/** Every illustration shares one 4:3 canvas. */
export function serviceHeroImage(key: ServiceArt): HeroImage {
  return { src: art[key], width: 480, height: 360 };
}
