import type { ContentOf } from "~/data/schemas";
import { DismissibleBanner } from "./dismissible-banner";

// Its space is kept from the first paint and it fills in DISCLAIMER_DELAY_MS after load (app/head/notices.ts).
export function DisclaimerBanner({ copy }: { copy: ContentOf<"site/notices.yaml">["disclaimerBanner"] }) {
  return (
    <DismissibleBanner notice="disclaimer" label={copy.label} acceptLabel={copy.accept} closeLabel={copy.close}>
      {copy.text}
    </DismissibleBanner>
  );
}
