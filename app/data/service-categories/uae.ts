import file from "../../../content/services/uae.yaml";
import type { ContentOf } from "../schemas";
import type { ServiceCategory } from "../services";

/** /services/uae */
export default file as ContentOf<"services/*.yaml"> satisfies ServiceCategory;
