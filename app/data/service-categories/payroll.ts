import file from "../../../content/services/payroll.yaml";
import type { ContentOf } from "../schemas";
import type { ServiceCategory } from "../services";

/** /services/payroll */
export default file as ContentOf<"services/*.yaml"> satisfies ServiceCategory;
