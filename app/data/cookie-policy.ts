import file from "../../content/legal/cookie-policy.md";
import type { ContentOf } from "./schemas";
import type { LegalDocument } from "./types";

export const cookiePolicy: LegalDocument = file as ContentOf<"legal/*.md">;
