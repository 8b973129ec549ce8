import { siteExtrasCopy } from "~/data/site-extras";
import { DismissibleBanner } from "./dismissible-banner";

// Its space is kept from the first paint and it fills in DISCLAIMER_DELAY_MS after load (app/head/notices.ts).
export function DisclaimerBanner() {
  const copy = siteExtrasCopy.disclaimerBanner;
  return (
    <DismissibleBanner notice="disclaimer" label={copy.label} acceptLabel={copy.accept} closeLabel={copy.close}>
      {copy.text}
    </DismissibleBanner>
  );
}
