import file from "../../../content/services/accounting.yaml";
import type { ContentOf } from "../schemas";
import type { ServiceCategory } from "../services";

/** /services/accounting */
export default file as ContentOf<"services/*.yaml"> satisfies ServiceCategory;
