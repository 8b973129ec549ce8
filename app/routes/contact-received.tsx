import { MessagePage } from "~/components/sections/message-page";
import { contactReceivedPage as copy } from "~/data/contact";
import { pageMeta } from "~/lib/meta";

export const meta = () => [...pageMeta(copy.meta), { name: "robots", content: "noindex" }];

/**
 * An enquiry sent as a plain form post (pressed before the contact page had
 * hydrated, or with JavaScript off) is stored by the API, which sends the
 * visitor here.
 */
export default function ContactReceivedPage() {
  return <MessagePage heading={copy.heading} text={copy.text} link={copy.link} />;
}
