import { MessagePage } from "~/components/sections/message-page";
import { newsletterSubscribedPage as copy } from "~/data/newsletter";
import { pageMeta } from "~/lib/meta";

export const meta = () => [...pageMeta(copy.meta), { name: "robots", content: "noindex" }];

/**
 * A sign-up sent as a plain form post (pressed before the footer's form had
 * hydrated) is stored by the API, which sends the visitor here.
 */
export default function NewsletterSubscribedPage() {
  return <MessagePage heading={copy.heading} text={copy.text} link={copy.link} />;
}
