import { CONTACT_RESPONSE_PROMISE } from "../constants";
import { paths } from "../paths";
import type { PageMeta } from "../types";

export const contactMeta: PageMeta = {
  title: "Contact us",
  description: `Tell us your sector and what you need: recruitment, payroll, insurance, mortgages, training or accounting. We reply within ${CONTACT_RESPONSE_PROMISE}.`,
  path: paths.contact,
};
