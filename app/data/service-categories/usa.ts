import file from "../../../content/services/usa.yaml";
import type { ContentOf } from "../schemas";
import type { ServiceCategory } from "../services";

/** /services/usa */
export default file as ContentOf<"services/*.yaml"> satisfies ServiceCategory;
