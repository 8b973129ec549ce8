import file from "../../../content/services/mortgages.yaml";
import type { ContentOf } from "../schemas";
import type { ServiceCategory } from "../services";

/** /services/mortgages */
export default file as ContentOf<"services/*.yaml"> satisfies ServiceCategory;
