import file from "../../content/legal/terms-conditions.md";
import type { ContentOf } from "./schemas";
import type { LegalDocument } from "./types";

export const termsConditions: LegalDocument = file as ContentOf<"legal/*.md">;
