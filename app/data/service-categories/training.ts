import file from "../../../content/services/training.yaml";
import type { ContentOf } from "../schemas";
import type { ServiceCategory } from "../services";

/** /services/training */
export default file as ContentOf<"services/*.yaml"> satisfies ServiceCategory;
