import file from "../../../content/meta/privacy-policy.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const privacyPolicyMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.privacyPolicy };
