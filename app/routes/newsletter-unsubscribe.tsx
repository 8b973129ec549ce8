import { TokenAction } from "~/components/forms/token-action";
import { newsletterUnsubscribePage } from "~/data/newsletter";
import { pageMeta } from "~/lib/meta";
import { NEWSLETTER_UNSUBSCRIBE_ENDPOINT } from "../../contract/newsletter";

export const meta = () => [...pageMeta(newsletterUnsubscribePage.meta), { name: "robots", content: "noindex" }];

/** Every newsletter email links here; one press unsubscribes the address. */
export default function NewsletterUnsubscribePage() {
  return <TokenAction copy={newsletterUnsubscribePage} endpoint={NEWSLETTER_UNSUBSCRIBE_ENDPOINT} success="unsubscribed" />;
}
