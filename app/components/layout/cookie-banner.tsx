import { Link } from "react-router";
import { STORAGE_KEYS } from "~/content/constants";
import { siteExtrasCopy } from "~/content/site-extras";
import { paths } from "~/content/paths";
import { DismissibleBanner } from "./dismissible-banner";

// The site sets no non-essential cookies, so this banner informs and records the acknowledgement.
export function CookieBanner() {
  const copy = siteExtrasCopy.cookieBanner;
  return (
    <DismissibleBanner
      storageKey={STORAGE_KEYS.cookiesAccepted}
      label={copy.label}
      acceptLabel={copy.accept}
      closeLabel={copy.close}
      placement="bottom"
    >
      <p>
        {copy.text}{" "}
        <Link to={paths.cookiePolicy} className="font-medium text-brand-700 underline">
          {copy.policyLink}
        </Link>
      </p>
    </DismissibleBanner>
  );
}
