import file from "../../content/legal/privacy-policy.md";
import type { ContentOf } from "./schemas";
import type { LegalDocument } from "./types";

// The retention periods come from contract/retention.ts through the file's
// {retention.…} placeholders, so the page and the server's purge cannot disagree;
// the list of what an enquiry holds from the enquiry's field table ({enquiry.…}).

export const privacyPolicy: LegalDocument = file as ContentOf<"legal/*.md">;
