import { TokenAction } from "~/components/forms/token-action";
import { newsletterConfirmPage } from "~/data/newsletter";
import { pageMeta } from "~/lib/meta";
import { NEWSLETTER_CONFIRM_ENDPOINT } from "../../contract/newsletter";

export const meta = () => [...pageMeta(newsletterConfirmPage.meta), { name: "robots", content: "noindex" }];

/** Double opt-in: the confirmation email's link opens this page; the visitor confirms with one press. */
export default function NewsletterConfirmPage() {
  return <TokenAction copy={newsletterConfirmPage} endpoint={NEWSLETTER_CONFIRM_ENDPOINT} success="confirmed" />;
}
