import file from "../../../content/services/recruitment.yaml";
import type { ContentOf } from "../schemas";
import type { ServiceCategory } from "../services";

/** /services/recruitment */
export default file as ContentOf<"services/*.yaml"> satisfies ServiceCategory;
