import { DISCLAIMER_DELAY_MS, STORAGE_KEYS } from "~/content/constants";
import { siteExtrasCopy } from "~/content/site-extras";
import { DismissibleBanner } from "./dismissible-banner";

export function DisclaimerBanner() {
  const copy = siteExtrasCopy.disclaimerBanner;
  return (
    <DismissibleBanner
      storageKey={STORAGE_KEYS.disclaimerAccepted}
      label={copy.label}
      acceptLabel={copy.accept}
      closeLabel={copy.close}
      delayMs={DISCLAIMER_DELAY_MS}
      placement="top"
    >
      <p>{copy.text}</p>
    </DismissibleBanner>
  );
}
