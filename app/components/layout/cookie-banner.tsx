import { paths } from "~/data/paths";
import type { ContentOf } from "~/data/schemas";
import { DismissibleBanner } from "./dismissible-banner";

// The site sets no non-essential cookies, so this notice informs and records the acknowledgement.
export function CookieBanner({ copy }: { copy: ContentOf<"site/notices.yaml">["cookieBanner"] }) {
  return (
    <DismissibleBanner notice="cookie" label={copy.label} acceptLabel={copy.accept} closeLabel={copy.close}>
      {copy.text}{" "}
      <a href={paths.cookiePolicy} className="font-medium text-brand-700 underline">
        {copy.policyLink}
      </a>
    </DismissibleBanner>
  );
}
