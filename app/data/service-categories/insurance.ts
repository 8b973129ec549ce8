import file from "../../../content/services/insurance.yaml";
import type { ContentOf } from "../schemas";
import type { ServiceCategory } from "../services";

/** /services/insurance */
export default file as ContentOf<"services/*.yaml"> satisfies ServiceCategory;
